/**
 * Cancellations and refunds: the customer's 'Cancel and Refund' in test mode
 * (the refund goes through the same signed events and webhook code as Stripe's), the admin's refund
 * of any amount, and Stripe mode with recorded request shapes and signed refund events, duplicate
 * and out of order.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminOrderRefunds from '../../netlify/functions/admin-order-refunds';
import orderHandler from '../../netlify/functions/order';
import projectHandler from '../../netlify/functions/project';
import webhook from '../../netlify/functions/stripe-webhook';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { editorsRepo } from '../../src/features/editors/server/editors.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { ordersRepo, type Order } from '../../src/features/orders/server/orders.repo';
import { completedEvent } from '../../src/features/orders/server/test-checkout';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import { type ProjectView } from '../../src/features/projects/project';
import { deliveryMessages } from '../../src/features/projects/process';
import { paymentStateOf, refundMessages } from '../../src/lib/refunds';
import { site } from '../../src/lib/site';
import { testTokens } from '../helpers/admin-access';
import { openOrder } from '../helpers/api-fixtures';
import { bearer, createUser, tokenOf } from '../helpers/auth-emulator';
import { call, clearStore } from '../helpers/functions';
import { OPEN_EDITOR, resetOrderingStores, selection } from '../helpers/orders';
import { act, paidOrder, submitText } from '../helpers/projects';

let customer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
let editorToken: string;

beforeAll(async () => {
  [customer, other] = await Promise.all([createUser(), createUser()]);
  adminToken = (await testTokens()).admin;
  editorToken = await tokenOf('maya@example.test');
});

beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_URL;
  await resetOrderingStores();
  await Promise.all(['projects', 'timers', 'files'].map(clearStore));
});

const order = async (id: string) => (await ordersRepo().get(id))!;
const project = async (id: string) => (await projectsRepo().get(id))!;
const cancel = (token: string, p: { id: string; version: number }) =>
  act(token, p.id, 'cancel', { version: p.version });
const adminRefund = (orderId: string, body: Record<string, unknown>) =>
  call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
    method: 'POST',
    params: { id: orderId },
    headers: bearer(adminToken),
    json: { requestId: crypto.randomUUID(), ...body },
  });

/** Moves an order's payment (and its projects' purchase time) `hours` into the past. */
async function paidHoursAgo(orderId: string, hours: number) {
  const paidAt = new Date(Date.now() - hours * 3600_000).toISOString();
  await ordersRepo().change(orderId, (o) => ({ ...o, payment: { ...o.payment, paidAt } }));
}

describe('Cancel and Refund (test mode)', () => {
  it('within 48 hours: the project is cancelled, its slot comes back, the whole price is refunded at once, and both sides hear of it', async () => {
    const slots = (await editorsRepo().get(OPEN_EDITOR))!.slotsOpen;
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 2 }] }),
    );
    const submitted: ProjectView = (await submitText(customer.idToken, await project(projectIds[0]))).body;
    expect(submitted.cancellation).toEqual({
      amountCents: 10000,
      withinWindow: true,
      text: 'Full refund of $100.00 (within 48 hours of booking)',
    });
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots - 1);
    await clearStore('outbox');

    const res = await cancel(customer.idToken, submitted);
    expect(res.status).toBe(200);
    // Nothing more to do with it but take back the draft the family gave.
    expect(res.body).toMatchObject({ state: 'cancelled', actions: ['remove-draft'], cancellation: null });
    expect((await editorsRepo().get(OPEN_EDITOR))!.slotsOpen).toBe(slots);
    const paid = await order(orderId);
    expect(paid.refunds).toEqual([
      expect.objectContaining({
        id: `cancel-${projectIds[0]}`,
        amountCents: 10000,
        state: 'succeeded',
        by: 'customer',
        projectIds: [projectIds[0]],
        providerId: expect.stringMatching(/^re_test_local_/),
      }),
    ]);
    expect(paymentStateOf(paid)).toBe('partially_refunded');
    const mails = (await listOutbox()).map((m) => [m.value.to, m.value.subject]);
    expect(mails).toEqual(
      expect.arrayContaining([
        [customer.email, 'Cancelled: Supplemental Essay Help (Large)'],
        ['maya@example.test', 'Cancelled: Supplemental Essay Help (Large) for Sam Rivera'],
      ]),
    );

    // The second unit too: the whole order is refunded.
    await cancel(customer.idToken, await project(projectIds[1]));
    expect(paymentStateOf(await order(orderId))).toBe('refunded');
  });

  it('after 48 hours: 75% comes back', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 1 }] }),
    );
    await paidHoursAgo(orderId, 49);
    const res = await cancel(customer.idToken, await project(projectIds[0]));
    expect(res.status).toBe(200);
    expect((await order(orderId)).refunds).toEqual([
      expect.objectContaining({
        amountCents: 7500,
        state: 'succeeded',
        reason: 'Cancelled Supplemental Essay Help (Large): $75.00 back (a 25% fee applies after 48 hours)',
      }),
    ]);
  });

  it('refuses once feedback was returned, for a finished or cancelled project, and for someone else’s', async () => {
    const { projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 3 }] }),
    );
    const submitted: ProjectView = (await submitText(customer.idToken, await project(projectIds[0]))).body;
    const returned: ProjectView = (
      await act(editorToken, submitted.id, 'return', { version: submitted.version, notes: 'Notes' })
    ).body;
    expect(await cancel(customer.idToken, returned)).toMatchObject({
      status: 409,
      body: { error: refundMessages.editingBegun },
    });
    const final: ProjectView = (await act(customer.idToken, returned.id, 'finalize', { version: returned.version }))
      .body;
    expect((await cancel(customer.idToken, final)).body.error).toBe(
      'This project is final; nothing more can be done with it.',
    );
    const cancelled: ProjectView = (await cancel(customer.idToken, await project(projectIds[1]))).body;
    expect((await cancel(customer.idToken, cancelled)).status).toBe(409);
    expect((await cancel(other.idToken, await project(projectIds[2]))).status).toBe(404);
    expect((await cancel(editorToken, await project(projectIds[2]))).status).toBe(403);
  });
});

describe('a quote never exceeds what remains refundable', () => {
  const view = async (id: string): Promise<ProjectView> =>
    (await call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(customer.idToken) })).body;
  const familyMail = async (subject: string) =>
    (await listOutbox()).map((m) => m.value).find((m) => m.to === customer.email && m.subject === subject)!;

  it('after an admin refunded most of the order, the family is quoted what remains; a cancel against the old quote is refused; the cancel refunds exactly what remains and says so', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 1 }] }),
    );
    expect((await view(projectIds[0])).cancellation?.amountCents).toBe(10000);
    expect((await adminRefund(orderId, { amountCents: 9500, reason: 'Goodwill' })).status).toBe(200);
    const quoted = await view(projectIds[0]);
    expect(quoted.cancellation).toEqual({
      amountCents: 500,
      withinWindow: true,
      text: '$5.00 back (all that remains to refund on this order)',
    });

    // The page that still shows the full refund is told, and nothing changes.
    const stale = await act(customer.idToken, projectIds[0], 'cancel', { version: quoted.version, refundCents: 10000 });
    expect(stale).toMatchObject({ status: 409, body: { error: refundMessages.quoteChanged(quoted.cancellation!) } });
    expect((await project(projectIds[0])).state).toBe('awaiting_draft');

    expect(
      (await act(customer.idToken, projectIds[0], 'cancel', { version: quoted.version, refundCents: 500 })).status,
    ).toBe(200);
    const after = await order(orderId);
    expect(after.refunds?.find((r) => r.id === `cancel-${projectIds[0]}`)).toMatchObject({
      amountCents: 500,
      state: 'succeeded',
    });
    expect(paymentStateOf(after)).toBe('refunded');
    expect((await familyMail('Cancelled: Supplemental Essay Help (Large)')).text).toContain(
      '$5.00 comes back to your card',
    );
  });

  it('with nothing left to refund, the quote says so, the cancel refunds nothing, the mail says so, and the refund timer has nothing to fail on', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 1 }] }),
    );
    expect((await adminRefund(orderId, { amountCents: 10000, reason: 'All of it' })).status).toBe(200);
    const quoted = await view(projectIds[0]);
    expect(quoted.cancellation).toMatchObject({
      amountCents: 0,
      text: 'No refund: this order has been refunded already',
    });
    expect(
      (await act(customer.idToken, projectIds[0], 'cancel', { version: quoted.version, refundCents: 0 })).status,
    ).toBe(200);
    expect((await order(orderId)).refunds).toHaveLength(1);
    const mail = await familyMail('Cancelled: Supplemental Essay Help (Large)');
    expect(mail.text).toContain('Nothing is refunded with it: this order has been refunded already.');
    expect(mail.text).not.toContain('comes back');
    const { runDueTimers } = await import('../../netlify/server/jobs/timers');
    const { context } = await import('../helpers/functions');
    expect(await runDueTimers(context(), new Date(Date.now() + 3 * 60_000))).toMatchObject({ failed: 0 });
  });
});

describe('the admin refunds any amount up to what remains', () => {
  it('a part of an order, with a reason, cancelling a chosen project whatever its editing', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 2 }], addOns: ['community'] }),
    );
    expect((await order(orderId)).totalCents).toBe(25000);
    const submitted: ProjectView = (await submitText(customer.idToken, await project(projectIds[0]))).body;
    await act(editorToken, submitted.id, 'return', { version: submitted.version, notes: 'Notes' });

    expect((await adminRefund(orderId, { amountCents: 1000 })).status).toBe(400); // no reason
    expect(await adminRefund(orderId, { amountCents: 25001, reason: 'Too much' })).toMatchObject({
      status: 400,
      body: { error: 'amountCents: at most $250.00 remains to refund' },
    });
    expect((await adminRefund(orderId, { amountCents: 1000, reason: 'x', projectIds: ['BCC-ZZZZZZ-1'] })).status).toBe(
      400,
    );

    const requestId = crypto.randomUUID();
    const res = await adminRefund(orderId, {
      requestId,
      amountCents: 15000,
      reason: 'Community refunded and one essay cancelled',
      projectIds: [projectIds[0]],
    });
    expect(res.status).toBe(200);
    expect(res.body.refunds).toEqual([
      expect.objectContaining({
        id: `admin-${requestId}`,
        amountCents: 15000,
        state: 'succeeded',
        by: 'admin',
        projectIds: [projectIds[0]],
      }),
    ]);
    expect(paymentStateOf(res.body)).toBe('partially_refunded');
    expect((await project(projectIds[0])).state).toBe('cancelled');
    expect((await project(projectIds[1])).state).toBe('awaiting_draft');

    // A retried request is the same refund.
    const retried = await adminRefund(orderId, {
      requestId,
      amountCents: 15000,
      reason: 'Community refunded and one essay cancelled',
      projectIds: [projectIds[0]],
    });
    expect(retried.status).toBe(200);
    expect(retried.body.refunds).toHaveLength(1);

    const rest = await adminRefund(orderId, { amountCents: 10000, reason: 'The rest' });
    expect(paymentStateOf(rest.body)).toBe('refunded');
    expect((await adminRefund(orderId, { amountCents: 1, reason: 'More' })).body.error).toBe(
      'amountCents: at most $0.00 remains to refund',
    );
  });

  it('refuses a project the process will not cancel, by its id and the process’s reason, before cancelling any', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 2 }] }),
    );
    const [open, ended] = projectIds;
    const withdrawn = await act(customer.idToken, ended, 'withdraw', { version: (await project(ended)).version });
    expect(withdrawn.status).toBe(200);

    expect(
      await adminRefund(orderId, { amountCents: 10000, reason: 'Both essays', projectIds: [open, ended] }),
    ).toMatchObject({ status: 409, body: { error: `${ended}: ${deliveryMessages.finished('withdrawn')}` } });
    expect((await project(open)).state).toBe('awaiting_draft');
    expect((await order(orderId)).refunds ?? []).toEqual([]);
  });

  it('only for paid orders, and only for admins', async () => {
    const { orderId } = await openOrder(customer.idToken);
    expect(await adminRefund(orderId, { amountCents: 100, reason: 'x' })).toMatchObject({
      status: 409,
      body: { error: refundMessages.notPaid },
    });
    const asCustomer = await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: bearer(customer.idToken),
      json: { requestId: crypto.randomUUID(), amountCents: 100, reason: 'x' },
    });
    expect(asCustomer.status).toBe(403);
  });
});

describe('with Stripe: recorded requests and signed refund events', () => {
  const SECRET = 'whsec_stripe_mode_test';
  let server: Server;
  let recorded: { path: string; key: string | undefined; body: URLSearchParams }[];
  let reply: (path: string, body: URLSearchParams) => { status: number; body: object };

  beforeEach(async () => {
    recorded = [];
    reply = (path, body) =>
      path === '/v1/checkout/sessions'
        ? {
            status: 200,
            body: {
              id: 'cs_recorded',
              object: 'checkout.session',
              url: 'https://checkout.stripe.com/c/pay/cs_recorded',
            },
          }
        : {
            status: 200,
            body: {
              id: `re_${recorded.filter((r) => r.path === '/v1/refunds').length}`,
              object: 'refund',
              amount: Number(body.get('amount')),
              status: 'pending',
              payment_intent: body.get('payment_intent'),
              metadata: {},
            },
          };
    server = createServer((req, res) => {
      let raw = '';
      req
        .on('data', (c) => (raw += c))
        .on('end', () => {
          const body = new URLSearchParams(raw);
          recorded.push({ path: req.url!, key: req.headers['idempotency-key'] as string | undefined, body });
          const { status, body: out } = reply(req.url!, body);
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.STRIPE_SECRET_KEY = 'sk_test_recorder';
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise((r) => server.close(r)));

  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return call(webhook, '/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(payload, SECRET) },
    });
  };
  const refundEvent = (type: string, refund: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) => ({
    id,
    object: 'event',
    type,
    data: { object: { object: 'refund', currency: 'usd', ...refund } },
  });

  /** A paid order in Stripe mode: the session through the recorder, the payment through a signed event. */
  async function stripePaidOrder(): Promise<{ order: Order; projectId: string }> {
    const { orderId } = await openOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 1 }] }),
    );
    const pending = await order(orderId);
    const paid = completedEvent(pending, 'cs_recorded') as unknown as { data: { object: Record<string, unknown> } };
    paid.data.object.payment_intent = 'pi_recorded_1';
    expect((await deliver(paid)).body.result).toBe('paid');
    return { order: await order(orderId), projectId: `${orderId}-1` };
  }

  it('refunds.create carries the payment intent, the amount and an idempotency key made from what is refunded; events then settle it', async () => {
    const { order: paid, projectId } = await stripePaidOrder();
    const res = await cancel(customer.idToken, await project(projectId));
    expect(res.status).toBe(200);
    const refunds = recorded.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].key).toBe(`refund-${paid.id}-cancel-${projectId}`);
    expect(Object.fromEntries(refunds[0].body)).toEqual({
      payment_intent: 'pi_recorded_1',
      amount: '10000',
      'metadata[orderId]': paid.id,
      'metadata[refundId]': `cancel-${projectId}`,
    });
    expect((await order(paid.id)).refunds).toEqual([expect.objectContaining({ state: 'pending', providerId: 're_1' })]);

    const metadata = { orderId: paid.id, refundId: `cancel-${projectId}` };
    const succeeded = refundEvent('refund.updated', {
      id: 're_1',
      amount: 10000,
      status: 'succeeded',
      payment_intent: 'pi_recorded_1',
      metadata,
    });
    expect((await deliver(succeeded)).body.result).toBe('refund-recorded');
    expect((await deliver(succeeded)).body.result).toBe('duplicate');
    // An older event arriving late changes nothing.
    expect(
      (
        await deliver(
          refundEvent('refund.created', {
            id: 're_1',
            amount: 10000,
            status: 'pending',
            payment_intent: 'pi_recorded_1',
            metadata,
          }),
        )
      ).body.result,
    ).toBe('refund-unchanged');
    expect((await order(paid.id)).refunds![0].state).toBe('succeeded');
    expect(paymentStateOf(await order(paid.id))).toBe('refunded');

    // A refund can fail later: the admin sees it, the money counts as not refunded, the project stays cancelled once.
    expect(
      (
        await deliver(
          refundEvent('refund.failed', {
            id: 're_1',
            amount: 10000,
            status: 'failed',
            failure_reason: 'expired_or_canceled_card',
            payment_intent: 'pi_recorded_1',
            metadata,
          }),
        )
      ).body.result,
    ).toBe('refund-recorded');
    const failed = await order(paid.id);
    expect(failed.refunds).toEqual([expect.objectContaining({ state: 'failed', failure: 'expired_or_canceled_card' })]);
    expect(paymentStateOf(failed)).toBe('paid');
    const history = (await project(projectId)).history.filter((e) => e.type === 'cancel');
    expect(history).toHaveLength(1);
  });

  it('a refund made in the Stripe dashboard shows up in the order (charge.refunded, found by its payment)', async () => {
    const { order: paid } = await stripePaidOrder();
    const charge = {
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          object: 'charge',
          id: 'ch_1',
          payment_intent: 'pi_recorded_1',
          amount_refunded: 2500,
          refunds: { data: [{ id: 're_dashboard', amount: 2500, status: 'succeeded', metadata: {} }] },
        },
      },
    };
    expect((await deliver(charge)).body.result).toBe('refund-recorded');
    const after = await order(paid.id);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        id: 're_dashboard',
        amountCents: 2500,
        by: 'provider',
        state: 'succeeded',
        reason: 'Refunded in the Stripe dashboard',
      }),
    ]);
    expect(paymentStateOf(after)).toBe('partially_refunded');
    // Its own refund.updated later is the same refund, not a second one.
    await deliver(
      refundEvent('refund.updated', {
        id: 're_dashboard',
        amount: 2500,
        status: 'succeeded',
        payment_intent: 'pi_recorded_1',
        metadata: {},
      }),
    );
    expect((await order(paid.id)).refunds).toHaveLength(1);
  });

  it('when Stripe cannot be reached the cancellation stands, the refund waits, and asking again uses the same key', async () => {
    const { order: paid, projectId } = await stripePaidOrder();
    reply = () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    const res = await cancel(customer.idToken, await project(projectId));
    expect(res.status).toBe(200);
    expect((await order(paid.id)).refunds).toEqual([expect.objectContaining({ state: 'pending', providerId: null })]);
    reply = (_path, body) => ({
      status: 200,
      body: { id: 're_retry', object: 'refund', amount: Number(body.get('amount')), status: 'succeeded', metadata: {} },
    });
    const { runDueTimers } = await import('../../netlify/server/jobs/timers');
    const { context } = await import('../helpers/functions');
    await runDueTimers(context(), new Date(Date.now() + 3 * 60_000));
    const keys = recorded.filter((r) => r.path === '/v1/refunds').map((r) => r.key);
    expect(new Set(keys)).toEqual(new Set([`refund-${paid.id}-cancel-${projectId}`]));
    expect((await order(paid.id)).refunds).toEqual([
      expect.objectContaining({ state: 'succeeded', providerId: 're_retry' }),
    ]);
  });

  it('a second payment for a paid order is refunded in full by its own payment and key; Stripe down, the event fails and its retry asks again with the same key', async () => {
    const { order: paid } = await stripePaidOrder();
    const second = completedEvent(await order(paid.id), 'cs_second') as unknown as {
      data: { object: Record<string, unknown> };
    };
    second.data.object.payment_intent = 'pi_recorded_2';
    const down = reply;
    reply = () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    expect((await deliver(second)).status).toBe(500);
    reply = down;
    expect((await deliver(second)).body.result).toBe('extra-payment-refunded');
    const asked = recorded.filter((r) => r.path === '/v1/refunds');
    expect(new Set(asked.map((r) => r.key))).toEqual(new Set([`refund-${paid.id}-extra-cs_second`]));
    expect(Object.fromEntries(asked.at(-1)!.body)).toEqual({
      payment_intent: 'pi_recorded_2',
      amount: String(paid.totalCents),
      'metadata[orderId]': paid.id,
      'metadata[refundId]': 'extra-cs_second',
    });
    const after = await order(paid.id);
    expect(after.extraPayments).toEqual([
      expect.objectContaining({
        sessionId: 'cs_second',
        refund: expect.objectContaining({ state: 'pending', providerId: expect.stringMatching(/^re_/) }),
      }),
    ]);
    expect(paymentStateOf(after)).toBe('paid');
    expect(
      (await listOutbox()).filter((m) => m.value.subject === `an extra payment for order ${paid.id}`),
    ).toHaveLength(1);
  });

  it('a refund Stripe refuses for good is recorded as failed with why, our team is told once, and no timer asks again', async () => {
    const { order: paid, projectId } = await stripePaidOrder();
    reply = (path, body) =>
      path === '/v1/refunds'
        ? {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'Charge ch_1 has already been refunded.' } },
          }
        : { status: 200, body: Object.fromEntries(body) };
    expect((await cancel(customer.idToken, await project(projectId))).status).toBe(200);
    const failed = (await order(paid.id)).refunds!;
    expect(failed).toEqual([
      expect.objectContaining({
        id: `cancel-${projectId}`,
        state: 'failed',
        failure: 'Stripe refused it: Charge ch_1 has already been refunded.',
      }),
    ]);
    expect(paymentStateOf(await order(paid.id))).toBe('paid');
    const asked = recorded.filter((r) => r.path === '/v1/refunds').length;

    const { runDueTimers } = await import('../../netlify/server/jobs/timers');
    const { context } = await import('../helpers/functions');
    expect(await runDueTimers(context(), new Date(Date.now() + 3 * 60_000))).toMatchObject({ failed: 0 });
    expect(recorded.filter((r) => r.path === '/v1/refunds')).toHaveLength(asked);
    const alerts = (await listOutbox()).filter(
      (m) => m.value.subject === `Action needed: a refund on order ${paid.id} was refused`,
    );
    expect(alerts.map((m) => m.value.to)).toEqual([site.email]);
    expect(alerts[0].value.text).toContain('Charge ch_1 has already been refunded.');
  });

  it('a refund event for a payment we do not know is acknowledged and changes nothing', async () => {
    const res = await deliver(
      refundEvent('refund.updated', {
        id: 're_x',
        amount: 100,
        status: 'succeeded',
        payment_intent: 'pi_unknown',
        metadata: {},
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { result: 'unknown-order' } });
  });
});

it('a cancel made against an older version is stale: 409, nothing cancelled or refunded', async () => {
  const { projectIds } = await paidOrder(
    customer.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
  );
  const fresh = await project(projectIds[0]);
  await submitText(customer.idToken, fresh);
  expect(await cancel(customer.idToken, fresh)).toMatchObject({ status: 409, body: { error: deliveryMessages.stale } });
  expect((await project(projectIds[0])).state).toBe('submitted');
  expect((await order(fresh.orderId)).refunds ?? []).toEqual([]);
});

describe('who of our team acted', () => {
  const ADMIN_EMAIL = 'boss@example.test';
  const getProject = (token: string, id: string) =>
    call(projectHandler, `/api/projects/${id}`, { params: { id }, headers: bearer(token) });
  const getOrder = (token: string, id: string) =>
    call(orderHandler, `/api/orders/${id}`, { params: { id }, headers: bearer(token) });

  it('families and editors read "Beacon College Counsel", never an admin\'s address; the admin area keeps who it was', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 2 }] }),
    );
    expect((await act(adminToken, projectIds[0], 'message', { text: 'We are here to help.' })).status).toBe(200);
    expect(
      (await adminRefund(orderId, { amountCents: 5_000, reason: 'Goodwill', projectIds: [projectIds[1]] })).status,
    ).toBe(200);

    for (const token of [customer.idToken, editorToken]) {
      const seen =
        JSON.stringify((await getProject(token, projectIds[0])).body) +
        JSON.stringify((await getProject(token, projectIds[1])).body);
      expect(seen).not.toContain(ADMIN_EMAIL);
      expect(seen).toContain('Beacon College Counsel');
    }
    const familysOrder = JSON.stringify((await getOrder(customer.idToken, orderId)).body);
    expect(familysOrder).not.toContain(ADMIN_EMAIL);
    expect(familysOrder).toContain('Beacon College Counsel');
    const mails = (await listOutbox(undefined, 100))
      .map((m) => m.value)
      .filter((m) => [m.to].flat().includes(customer.email));
    expect(JSON.stringify(mails)).not.toContain(ADMIN_EMAIL);

    expect(JSON.stringify((await getProject(adminToken, projectIds[0])).body)).toContain(ADMIN_EMAIL);
    expect(JSON.stringify((await getOrder(adminToken, orderId)).body)).toContain(ADMIN_EMAIL);
  });

  it('a project our team cancelled is said to be cancelled by our team, to the family and to the editor', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-small', quantity: 1 }] }),
    );
    await clearStore('outbox');
    expect(
      (await adminRefund(orderId, { amountCents: 1_000, reason: 'Goodwill', projectIds: [projectIds[0]] })).status,
    ).toBe(200);
    const cancelled = (await listOutbox()).map((m) => m.value).filter((m) => m.subject.startsWith('Cancelled:'));
    expect(cancelled.map((m) => m.to).sort()).toEqual([customer.email, 'maya@example.test'].sort());
    for (const mail of cancelled) {
      expect(mail.text).toContain('Beacon College Counsel cancelled Supplemental Essay Help');
      expect(mail.text).not.toMatch(/You cancelled|family cancelled/);
    }
  });
});
