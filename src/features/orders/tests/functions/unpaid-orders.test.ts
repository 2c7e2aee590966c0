/**
 * Orders that were never paid: 'Complete Payment' opens a fresh checkout for the same
 * stored order, 'Cancel Order' closes it (and its Stripe sessions), and an order still unpaid after
 * 24 hours expires, run by the timers with a fixed clock.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import orderAction from '#functions/order-action';
import testCheckout from '#functions/test-checkout';
import { runDueTimers } from '#server/jobs/timers';
import { ordersRepo } from '../../server/orders.repo';
import { orderMessages, paymentDeadline } from '../../order';
import { openOrder } from '#tests/api-fixtures';
import { bearer, createUser } from '#tests/auth-emulator';
import { call, clearStore, context } from '#tests/functions';
import { resetOrderingStores, selection } from '#tests/orders';

let customer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  [customer, other] = await Promise.all([createUser(), createUser()]);
});

beforeEach(async () => {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL']) delete process.env[name];
  await resetOrderingStores();
  await clearStore('timers');
});

const act = (token: string, orderId: string, action: string) =>
  call(orderAction, `/api/orders/${orderId}/${action}`, {
    method: 'POST',
    params: { id: orderId, action },
    headers: bearer(token),
    json: {},
  });
const stored = async (id: string) => (await ordersRepo().get(id))!;
/** The customer pays the order in the test checkout session `sessionId`. */
const payIn = (orderId: string, sessionId: string) =>
  call(testCheckout, `/api/stripe/test-checkout/${orderId}`, {
    method: 'POST',
    params: { orderId },
    headers: bearer(customer.idToken),
    json: { sessionId, cardNumber: '4242 4242 4242 4242' },
  });

describe('an unpaid order', () => {
  it('Complete Payment opens a fresh test checkout for the same stored order, at its stored prices', async () => {
    const { orderId, id: firstSession } = await openOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    const before = await stored(orderId);
    const res = await act(customer.idToken, orderId, 'checkout');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`/test-checkout\\?order=${orderId}&session_id=cs_test_local_`));
    expect(res.body.id).not.toBe(firstSession);
    const after = await stored(orderId);
    expect(after).toMatchObject({
      status: 'pending',
      totalCents: before.totalCents,
      serviceLines: before.serviceLines,
    });
    expect(after.payment.sessionIds).toEqual([firstSession, res.body.id]);
    // As a Stripe session closed by the new one: the first can no longer be paid.
    const payFirst = await payIn(orderId, firstSession);
    expect(payFirst).toMatchObject({ status: 409, body: { error: orderMessages.sessionClosed } });
    // Paying through the new session settles the same order.
    const paid = await payIn(orderId, res.body.id);
    expect(paid.body.result).toBe('paid');
    expect((await act(customer.idToken, orderId, 'checkout')).body).toEqual({ error: orderMessages.notPending });
  });

  it('Cancel Order cancels it for good: it can no longer be paid', async () => {
    const { orderId, id: session } = await openOrder(customer.idToken);
    expect((await act(other.idToken, orderId, 'cancel')).status).toBe(404);
    const res = await act(customer.idToken, orderId, 'cancel');
    expect(res).toMatchObject({ status: 200, body: { id: orderId, status: 'cancelled' } });
    expect((await act(customer.idToken, orderId, 'cancel')).body).toEqual({ error: orderMessages.notPending });
    const pay = await payIn(orderId, session);
    expect(pay).toMatchObject({ status: 409, body: { error: orderMessages.notPending } });
    expect((await act(customer.idToken, orderId, 'refund')).status).toBe(400);
  });

  it('expires 24 hours after it was placed, by the timers; a second run changes nothing', async () => {
    const { orderId } = await openOrder(customer.idToken);
    const deadline = paymentDeadline(await stored(orderId)).getTime();
    await runDueTimers(context(), new Date(deadline - 1000));
    expect((await stored(orderId)).status).toBe('pending');
    await runDueTimers(context(), new Date(deadline + 1000));
    const expired = await stored(orderId);
    expect(expired.status).toBe('expired');
    expect(await runDueTimers(context(), new Date(deadline + 2000))).toMatchObject({ due: 0 });
    expect((await act(customer.idToken, orderId, 'checkout')).body).toEqual({ error: orderMessages.expired });
  });

  it('too close to its deadline for a new session, Complete Payment expires it and says so', async () => {
    const { orderId } = await openOrder(customer.idToken);
    await ordersRepo().change(orderId, (o) => ({
      ...o,
      createdAt: new Date(Date.now() - 24 * 3600_000 + 10 * 60_000).toISOString(),
    }));
    expect(await act(customer.idToken, orderId, 'checkout')).toMatchObject({
      status: 409,
      body: { error: orderMessages.expired },
    });
    expect((await stored(orderId)).status).toBe('expired');
  });
});

describe('with Stripe', () => {
  let server: Server;
  let recorded: { method: string; path: string }[];
  let sessionStatus: string;

  beforeEach(async () => {
    recorded = [];
    sessionStatus = 'open';
    server = createServer((req, res) => {
      req.resume().on('end', () => {
        recorded.push({ method: req.method!, path: req.url! });
        const id = req.url!.split('/')[4] ?? `cs_${recorded.length}`;
        if (req.url!.endsWith('/expire') && sessionStatus !== 'open') {
          res.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' },
            }),
          );
          return;
        }
        const body = {
          id,
          object: 'checkout.session',
          status: req.url!.endsWith('/expire') ? 'expired' : sessionStatus,
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.STRIPE_SECRET_KEY = 'sk_test_recorder';
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise((r) => server.close(r)));

  it('cancelling closes every session opened for the order', async () => {
    const { orderId } = await openOrder(customer.idToken);
    await act(customer.idToken, orderId, 'checkout');
    const sessions = (await stored(orderId)).payment.sessionIds!;
    expect(sessions).toHaveLength(2);
    const before = recorded.length;
    expect((await act(customer.idToken, orderId, 'cancel')).body.status).toBe('cancelled');
    expect(
      recorded
        .slice(before)
        .filter((r) => r.path.endsWith('/expire'))
        .map((r) => r.path),
    ).toEqual(sessions.map((id) => `/v1/checkout/sessions/${id}/expire`));
  });

  it('Complete Payment closes the sessions opened before, so no two can be paid', async () => {
    const { orderId } = await openOrder(customer.idToken);
    const [first] = (await stored(orderId)).payment.sessionIds!;
    expect((await act(customer.idToken, orderId, 'checkout')).status).toBe(200);
    const [, second] = (await stored(orderId)).payment.sessionIds!;
    expect((await act(customer.idToken, orderId, 'checkout')).status).toBe(200);
    const expired = recorded.filter((r) => r.path.endsWith('/expire')).map((r) => r.path);
    expect(expired).toEqual([`/v1/checkout/sessions/${first}/expire`, `/v1/checkout/sessions/${second}/expire`]);
  });

  it('Complete Payment for an order paid meanwhile in an earlier session says so and opens nothing', async () => {
    const { orderId } = await openOrder(customer.idToken);
    sessionStatus = 'complete';
    expect(await act(customer.idToken, orderId, 'checkout')).toMatchObject({
      status: 409,
      body: { error: orderMessages.paidMeanwhile },
    });
    expect(recorded.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('an order paid in a session that could not be closed stays paid: cancelling says so', async () => {
    const { orderId } = await openOrder(customer.idToken);
    sessionStatus = 'complete';
    expect(await act(customer.idToken, orderId, 'cancel')).toMatchObject({
      status: 409,
      body: { error: orderMessages.justPaid },
    });
    expect((await stored(orderId)).status).toBe('pending');
  });
});
