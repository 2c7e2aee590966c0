/**
 * 'Cancel and Refund' on /dashboard: before confirming it says exactly what
 * comes back and why; confirming cancels the project, gives the slot back and shows the refund in the
 * order. Once feedback has come back, the button is gone and the page says refunds go through us.
 */
import { expect, test } from '@playwright/test';
import { CANCELLATION_SUMMARY } from '../../src/lib/refunds';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, withOpenSlot } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, returnFeedback, slotsOnEditorsPage, step, tokenFor } from '../helpers/e2e-delivery';
import { readStored } from '../helpers/stored';

// Maya is read as an open editor (her card, her usual prices), whatever ran before on this site.
test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

for (const width of [390, 1280]) {
  test(`at ${width} px: a family cancels one supplement within 48 hours and sees its full refund in the order`, async ({
    page,
    request,
  }) => {
    test.setTimeout(test.info().timeout * 2);
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail('refund');
    const token = await tokenFor(request, email);
    const [first] = await buy(request, token, [{ id: 'supplement-large', quantity: 2 }], MAYA.id);
    // A draft takes one of Maya's slots; the cancellation must give it back.
    expect(
      (await step(request, token, first, 'submit', { prompt: 'Why us?', draft: { kind: 'text', text: 'My draft' } }))
        .status,
    ).toBe(200);
    const slots = await slotsOnEditorsPage(page, MAYA.id);

    await signIn(page, email);
    await page.goto('/dashboard');
    await expect(page.getByText('Logged in as')).toBeVisible();
    const card = projectCard(page, first);
    // Out of the way of the everyday steps until asked for.
    await expect(card.getByRole('heading', { name: 'Supplemental Essay Help (Large)' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel and Refund' })).toBeHidden();
    await card.getByText('Stop this project').click();
    await expect(card).toContainText('Full refund of $100.00 (within 48 hours of booking).');
    await expect(card).toContainText(CANCELLATION_SUMMARY);
    await card.getByRole('button', { name: 'Cancel and Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Supplemental Essay Help (Large) and get a refund?' });
    await expect(dialog).toContainText('Full refund of $100.00 (within 48 hours of booking)');
    await expect(dialog.getByRole('button', { name: 'Keep the project' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel and Refund' }).click();

    await expect(card).toContainText('Cancelled');
    await expect(card.getByRole('button', { name: 'Cancel and Refund' })).toHaveCount(0);
    // Nothing more can be edited: the card does not count edits left.
    await expect(card).not.toContainText('Edits left');
    const orders = page.getByRole('region', { name: 'Your Orders' });
    await expect(orders).toContainText('Partially refunded');
    await expect(orders).toContainText('$100.00 · Refunded');
    await expect(orders).toContainText('Still paid: $100.00');
    const orderId = first.replace(/-1$/, '');
    expect(await readStored('orders', orderId)).toMatchObject({
      refunds: [expect.objectContaining({ amountCents: 10000, state: 'succeeded', projectIds: [first] })],
    });
    expect(await slotsOnEditorsPage(page, MAYA.id)).toBe(slots + 1);
  });
}

test('at 390 px the order page tells the order as it is now: a cancelled project and its refund, then the whole order refunded', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const email = uniqueEmail('refunded');
  const token = await tokenFor(request, email);
  const [first, second] = await buy(request, token, [{ id: 'supplement-small', quantity: 2 }], MAYA.id);
  const orderId = first.replace(/-1$/, '');
  expect((await step(request, token, first, 'cancel')).status).toBe(200);
  await signIn(page, email);
  await page.goto(`/order-confirmation?order=${orderId}`);
  const payment = page.getByRole('region', { name: 'Payment Details' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  await expect(page.getByText('We received your payment of $150; $75.00 of it was refunded.')).toBeVisible();
  await expect(payment.getByRole('list', { name: 'Refunds' })).toContainText('$75.00 · Refunded');
  await expect(payment).toContainText('Still paid: $75.00');
  await expectNoAxeViolations(page);

  expect((await step(request, token, second, 'cancel')).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order refunded');
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText('We refunded the $150 you paid for this order in full.')).toBeVisible();
  await expect(payment.getByRole('list', { name: 'Refunds' }).getByRole('listitem')).toHaveCount(2);
  await expect(payment).toContainText('Still paid: $0.00');
  // Nothing comes next for a refunded order: no steps, no promise of an editor.
  await expect(page.getByRole('region', { name: 'What Happens Next?' })).toHaveCount(0);
  await expect(page.getByText(/reaches out within 24 hours/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('once feedback has come back, the button is gone and the page says refunds go through us', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('begun');
  const token = await tokenFor(request, email);
  const [id] = await buy(request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  await step(request, token, id, 'submit', { prompt: 'Why us?', draft: { kind: 'text', text: 'My draft' } });
  await returnFeedback(request, await tokenFor(request, MAYA.email), id);
  await signIn(page, email);
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await expect(card).toContainText('Feedback has come back on this project, so it can no longer be cancelled here.');
  await expect(card.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  await expect(card.getByRole('button', { name: 'Cancel and Refund' })).toHaveCount(0);
});

test('a quote the admin changed meanwhile is not honoured silently: the family is told, sees what remains, and cancels for that', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('requote');
  const token = await tokenFor(request, email);
  const [id] = await buy(request, token, [{ id: 'supplement-large', quantity: 1 }], MAYA.id);
  const orderId = id.replace(/-1$/, '');
  await signIn(page, email);
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await card.getByText('Stop this project').click();
  await card.getByRole('button', { name: 'Cancel and Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Supplemental Essay Help (Large) and get a refund?' });
  await expect(dialog).toContainText('Full refund of $100.00 (within 48 hours of booking)');

  // Our team refunds $95 of the order while the dialog is open.
  const refunded = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { requestId: crypto.randomUUID(), amountCents: 9500, reason: 'Goodwill', projectIds: [] },
  });
  expect(refunded.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Cancel and Refund' }).click();
  await expect(card.getByRole('alert')).toContainText(
    'What cancelling gives back has changed: $5.00 back (all that remains to refund on this order). Please confirm again.',
  );
  expect(await readStored('orders', orderId)).toMatchObject({
    refunds: [expect.objectContaining({ amountCents: 9500 })],
  });

  await card.getByRole('button', { name: 'Cancel and Refund' }).click();
  await expect(dialog).toContainText('$5.00 back (all that remains to refund on this order)');
  await dialog.getByRole('button', { name: 'Cancel and Refund' }).click();
  await expect(card.getByRole('status')).toContainText('Cancelled. $5.00 is on its way back to your card');
  await expect(page.getByRole('region', { name: 'Your Orders' })).toContainText('Refunded');
});
