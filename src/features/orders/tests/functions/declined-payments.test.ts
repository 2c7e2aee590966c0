/**
 * A card declined at checkout: the order stays payable and reads 'Payment declined' to the family and
 * to the owner's list (its own filter), the owner is told once per order, and a later payment settles
 * it as any other. The decline arrives as Stripe sends it (payment_intent.payment_failed, naming the
 * order in the payment's metadata); the test checkout sends the same signed event.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminOrders from '#functions/admin-orders';
import createSession from '#functions/create-payment-session';
import orderHandler from '#functions/order';
import testCheckout from '#functions/test-checkout';
import webhook from '#functions/stripe-webhook';
import { listOutbox } from '#server/core/mail';
import { LOCAL_WEBHOOK_SECRET } from '#server/core/stripe';
import { site } from '#lib/site';
import { orderStateLabel, type Order } from '../../order';
import { ordersRepo } from '../../server/orders.repo';
import { DECLINE_MESSAGE } from '../../server/payments';
import { signWebhookPayload } from '../../server/webhook-signature';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';

let family: Awaited<ReturnType<typeof createUser>>;
let admin: string;
beforeAll(async () => {
  [family, { admin }] = await Promise.all([createUser(), testTokens()]);
});
beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await resetOrderingStores();
  await clearStore('attention');
});

const open = async () =>
  (
    await call(createSession, '/api/stripe/create-payment-session', {
      method: 'POST',
      json: selection(),
      headers: bearer(family.idToken),
    })
  ).body as { id: string; orderId: string };
const pay = (orderId: string, sessionId: string, cardNumber: string) =>
  call(testCheckout, `/api/stripe/test-checkout/${orderId}`, {
    method: 'POST',
    params: { orderId },
    json: { sessionId, cardNumber },
    headers: bearer(family.idToken),
  });
const familyView = async (id: string) =>
  (await call(orderHandler, `/api/orders/${id}`, { params: { id }, headers: bearer(family.idToken) })).body as Order;
const ownerSubjects = async () =>
  (await listOutbox(undefined, 200))
    .map((m) => m.value)
    .filter((m) => [m.to].flat().includes(site.email))
    .map((m) => m.subject);
const declinedList = async () =>
  (await call(adminOrders, '/api/admin/orders?state=declined', { headers: bearer(admin) })).body as {
    items: Order[];
  };

function failedEvent(orderId: string, id = `evt_${crypto.randomUUID()}`) {
  return {
    id,
    object: 'event',
    type: 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: 'pi_declined_1',
        object: 'payment_intent',
        metadata: { orderId },
        last_payment_error: {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    },
  };
}
const deliver = (event: object) => {
  const payload = JSON.stringify(event);
  return call(webhook, '/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET),
    },
  });
};

describe('a declined card', () => {
  it("marks the order 'Payment declined' for the family and the owner's list, tells the owner once, and a later card pays it", async () => {
    const { orderId, id } = await open();
    for (let i = 0; i < 2; i++)
      expect(await pay(orderId, id, '4000 0000 0000 0002')).toMatchObject({
        status: 402,
        body: { error: DECLINE_MESSAGE },
      });
    const declined = await familyView(orderId);
    expect(declined).toMatchObject({ status: 'pending', declined: { reason: DECLINE_MESSAGE } });
    expect(orderStateLabel(declined)).toBe('Payment declined');
    expect((await declinedList()).items.map((o) => o.id)).toEqual([orderId]);
    expect(await ownerSubjects()).toEqual([`Payment declined: order ${orderId}`]);

    expect((await pay(orderId, id, '4242 4242 4242 4242')).body).toEqual({ result: 'paid' });
    const paid = await familyView(orderId);
    expect(orderStateLabel(paid)).toBe('Paid');
    expect((await declinedList()).items).toEqual([]);
  });

  it("as Stripe sends it: the provider's reason kept, once per event, and nothing for an order that is not awaiting payment", async () => {
    const { orderId } = await open();
    const event = failedEvent(orderId);
    expect((await deliver(event)).body).toEqual({ received: true, result: 'declined' });
    expect((await deliver(event)).body).toEqual({ received: true, result: 'duplicate' });
    expect((await ordersRepo().get(orderId))?.declined?.reason).toBe('Your card has insufficient funds.');
    expect(await ownerSubjects()).toEqual([`Payment declined: order ${orderId}`]);

    // An order gone meanwhile, or one another session paid, is left as it is.
    expect((await deliver(failedEvent('BCC-NOPE22'))).body).toEqual({ received: true, result: 'unknown-order' });
    expect((await deliver(failedEvent('../orders/x'))).body).toEqual({ received: true, result: 'unknown-order' });
    await ordersRepo().settle(orderId, 'cancelled');
    expect((await deliver(failedEvent(orderId))).body).toEqual({ received: true, result: 'already-settled' });
    expect((await ordersRepo().get(orderId))?.status).toBe('cancelled');

    const malformed = { ...failedEvent(orderId), data: { object: { id: 42 } } };
    expect((await deliver(malformed)).status).toBe(400);
  });
});
