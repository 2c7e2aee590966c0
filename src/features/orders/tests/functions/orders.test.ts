import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import createSession from '#functions/create-payment-session';
import orderHandler from '#functions/order';
import ordersHandler from '#functions/orders';
import testCheckout from '#functions/test-checkout';
import { customersRepo } from '../../server/customers.repo';
import { ordersRepo } from '../../server/orders.repo';
import { testTokens } from '#tests/admin-access';
import { bearer, createUser } from '#tests/auth-emulator';
import { call } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';

let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;

const open = async (body = selection()) =>
  (
    await call(createSession, '/api/stripe/create-payment-session', {
      method: 'POST',
      json: body,
      headers: bearer(owner.idToken),
    })
  ).body as {
    id: string;
    orderId: string;
  };
const getOrder = (id: string, token: string) =>
  call(orderHandler, `/api/orders/${id}`, { params: { id }, headers: bearer(token) });
const pay = (orderId: string, token: string, body: object) =>
  call(testCheckout, `/api/stripe/test-checkout/${orderId}`, {
    method: 'POST',
    params: { orderId },
    json: body,
    headers: bearer(token),
  });

beforeAll(async () => {
  [owner, stranger, { admin: adminToken }] = await Promise.all([createUser(), createUser(), testTokens()]);
});
beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await resetOrderingStores();
});

describe('GET /api/orders/:id', () => {
  it('shows the order to its owner and to an admin, and is 404 for anyone else', async () => {
    const { orderId } = await open();
    expect((await getOrder(orderId, owner.idToken)).body).toMatchObject({ id: orderId, status: 'pending' });
    expect((await getOrder(orderId, adminToken)).status).toBe(200);
    const hidden = await getOrder(orderId, stranger.idToken);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: 'Order not found' });
    expect((await getOrder('BCC-NOPE22', owner.idToken)).status).toBe(404);
    expect((await getOrder('../../etc', owner.idToken)).status).toBe(404);
    expect((await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } })).status).toBe(401);
  });
});

describe('GET /api/orders', () => {
  it("lists the caller's orders newest first, and nobody else's", async () => {
    const first = await open();
    await new Promise((r) => setTimeout(r, 5));
    const second = await open(selection({ services: [{ id: 'activity-list', quantity: 1 }] }));
    const mine = await call(ordersHandler, '/api/orders', { headers: bearer(owner.idToken) });
    expect(mine.body.map((o: { id: string }) => o.id)).toEqual([second.orderId, first.orderId]);
    expect((await call(ordersHandler, '/api/orders', { headers: bearer(stranger.idToken) })).body).toEqual([]);
  });
});

describe('/api/stripe/test-checkout/:orderId (test mode)', () => {
  it('declines 4000 0000 0000 0002 and charges nothing', async () => {
    const { orderId, id } = await open(selection({ addOns: ['community'] }));
    const res = await pay(orderId, owner.idToken, { sessionId: id, cardNumber: '4000 0000 0000 0002' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'Your card was declined.' });
    expect((await ordersRepo().get(orderId))?.status).toBe('pending');
    expect((await customersRepo().get(owner.uid)).ownedAddOns.community).toBe(false);
  });

  it('pays with 4242 through the webhook code, once', async () => {
    const { orderId, id } = await open(selection({ addOns: ['community'] }));
    const res = await pay(orderId, owner.idToken, { sessionId: id, cardNumber: '4242 4242 4242 4242' });
    expect(res.body).toEqual({ result: 'paid' });
    expect(await ordersRepo().get(orderId)).toMatchObject({ status: 'paid', payment: { sessionId: id } });
    expect((await customersRepo().get(owner.uid)).ownedAddOns.community).toBe(true);
    expect((await pay(orderId, owner.idToken, { sessionId: id, cardNumber: '4242424242424242' })).status).toBe(409);
  });

  it("is 404 for someone else's order and for everyone once Stripe keys are set", async () => {
    const { orderId, id } = await open();
    expect((await pay(orderId, stranger.idToken, { sessionId: id, cardNumber: '4242424242424242' })).status).toBe(404);
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    expect((await pay(orderId, owner.idToken, { sessionId: id, cardNumber: '4242424242424242' })).status).toBe(404);
    const view = await call(testCheckout, `/api/stripe/test-checkout/${orderId}`, {
      params: { orderId },
      headers: bearer(owner.idToken),
    });
    expect(view.status).toBe(404);
  });

  it('refuses a malformed session id or card number', async () => {
    const { orderId } = await open();
    expect(
      (await pay(orderId, owner.idToken, { sessionId: 'cs_live_123', cardNumber: '4242424242424242' })).status,
    ).toBe(400);
    expect(
      (await pay(orderId, owner.idToken, { sessionId: 'cs_test_local_' + 'a'.repeat(32), cardNumber: 'abc' })).status,
    ).toBe(400);
  });

  it.each([
    [{ cardNumber: '4242 4242 4242' }, 'cardNumber: Your card number is incomplete.'],
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber: Your card number is invalid.'],
    [{ cardNumber: 'abc' }, 'cardNumber: Your card number is invalid.'],
    [{ expiry: '12 /' }, "expiry: Your card's expiration date is incomplete."],
    [{ expiry: '01 / 20' }, "expiry: Your card's expiration date is in the past."],
    [{ cvc: '12' }, "cvc: Your card's security code is incomplete."],
  ])('words a card it refuses as Stripe Checkout does: %j', async (card, error) => {
    const { orderId, id } = await open();
    const res = await pay(orderId, owner.idToken, {
      sessionId: id,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      ...card,
    });
    expect(res).toMatchObject({ status: 400, body: { error } });
    expect((await ordersRepo().get(orderId))?.status).toBe('pending');
  });
});
