/**
 * A second payment for an order already paid (two checkouts paid, as a family with two tabs could
 * before 'Complete Payment' closed the earlier one): the admin sees it on the order, refunded in full.
 */
import { expect, test } from '@playwright/test';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import type { Order } from '../../src/features/orders/order';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, withOpenSlot } from '../helpers/e2e-admin';
import { uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, tokenFor } from '../helpers/e2e-delivery';
import { readStored } from '../helpers/stored';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

test('the admin sees a second payment of a paid order as an extra payment, refunded in full', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, uniqueEmail('twice'));
  const [projectId] = await buy(request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const orderId = projectId.replace(/-1$/, '');
  const order = (await readStored('orders', orderId)) as Order;
  const second = `cs_test_local_${'e'.repeat(32)}`;
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: second,
        client_reference_id: orderId,
        amount_total: order.totalCents,
        currency: 'usd',
        payment_status: 'paid',
        payment_intent: 'pi_test_local_second',
      },
    },
  });
  const delivered = await request.post('/api/stripe/webhook', {
    data: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET),
    },
  });
  expect(await delivered.json()).toMatchObject({ result: 'extra-payment-refunded' });

  await openAdmin(page);
  await page.getByRole('tab', { name: 'Orders', exact: true }).click();
  const card = page.getByRole('article', { name: orderId, exact: true });
  await card.getByRole('button', { name: `View details of ${orderId}` }).click();
  const extra = card.getByRole('region', { name: `Extra payments of ${orderId}` });
  await expect(extra).toContainText('Paid after the order stopped awaiting payment, and refunded in full.');
  await expect(extra.getByRole('listitem')).toHaveCount(1);
  for (const text of ['$75.00', 'Refunded', second, 'pi_test_local_second']) await expect(extra).toContainText(text);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  }
});
