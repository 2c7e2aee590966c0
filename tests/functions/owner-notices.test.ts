/**
 * The owner hears, without asking, of a family that cancelled and was refunded by itself and of a
 * refund that failed: one e-mail to the business each, however often the flow runs, and a count of
 * what nobody has marked seen (GET/PATCH /api/admin/attention).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminAttention from '../../netlify/functions/admin-attention';
import adminOrderRefunds from '../../netlify/functions/admin-order-refunds';
import webhook from '../../netlify/functions/stripe-webhook';
import { runDueTimers } from '#server/jobs/timers';
import { listOutbox } from '../../netlify/server/core/mail';
import { ordersRepo } from '../../src/features/orders/server/orders.repo';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import type { AttentionItem } from '../../src/lib/audit';
import { site } from '../../src/lib/site';
import { asAdmin, itRefusesAllButAdmins, testTokens } from '../helpers/admin-access';
import { bearer, createUser } from '../helpers/auth-emulator';
import { call, clearStore, context } from '../helpers/functions';
import { resetOrderingStores, selection } from '../helpers/orders';
import { act, paidOrder, submitText } from '../helpers/projects';

const attention = async (query = '', headers?: Record<string, string>) =>
  call(adminAttention, `/api/admin/attention${query}`, { headers: headers ?? (await asAdmin()) });
const markSeen = async (id: string, headers?: Record<string, string>) =>
  call(adminAttention, '/api/admin/attention', {
    method: 'PATCH',
    headers: headers ?? (await asAdmin()),
    json: { id, seen: true },
  });
const ownerMails = async () =>
  (await listOutbox(undefined, 200)).map((m) => m.value).filter((m) => [m.to].flat().includes(site.email));

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

let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  customer = await createUser();
});
beforeEach(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await resetOrderingStores();
  await Promise.all(['projects', 'timers', 'files', 'attention'].map(clearStore));
});

describe('/api/admin/attention', () => {
  itRefusesAllButAdmins((headers) => attention('', headers));
  itRefusesAllButAdmins((headers) => markSeen('2026-11-26T15:00:00.000Z-family-cancel-BCC-ABCDEF-1', headers));

  it('answers 404 for an event nobody was told of, 400 for an id that is none', async () => {
    expect(await markSeen('2026-11-26T15:00:00.000Z-family-cancel-BCC-ABCDEF-1')).toMatchObject({
      status: 404,
      body: { error: 'No such event' },
    });
    expect(await markSeen('../orders/BCC-ABCDEF')).toMatchObject({
      status: 400,
      body: { error: 'id is not an event id' },
    });
  });
});

describe('a family cancels and is refunded by itself', () => {
  it('the business gets one e-mail, however often the refund runs, and the count shows it until marked seen', async () => {
    const {
      orderId,
      projectIds: [projectId],
    } = await paidOrder(customer.idToken, selection({ services: [{ id: 'supplement-large', quantity: 1 }] }));
    const submitted = await submitText(customer.idToken, { id: projectId, version: 1 });
    expect((await act(customer.idToken, projectId, 'cancel', { version: submitted.body.version })).status).toBe(200);
    // The refund timer runs the same refund and notice again.
    expect((await runDueTimers(context(), new Date(Date.now() + 3 * 60_000))).failed).toBe(0);

    const mails = await ownerMails();
    expect(mails.map((m) => m.subject)).toEqual([
      `A family cancelled Supplemental Essay Help (Large) on order ${orderId}`,
    ]);
    expect(mails[0].text).toContain(`$100.00 is refunded by the cancellation policy`);
    expect(mails[0].text).toContain(projectId);

    const listed = await attention();
    expect(listed.status).toBe(200);
    expect(listed.body.unseen).toBe(1);
    const [item] = listed.body.items as AttentionItem[];
    expect(item).toMatchObject({
      kind: 'family-cancel',
      orderId,
      seen: false,
      text: expect.stringContaining('cancelled Supplemental Essay Help (Large)'),
    });

    expect(await markSeen(item.id)).toMatchObject({ status: 200, body: { id: item.id, seen: true } });
    expect(await markSeen(item.id)).toMatchObject({ status: 200 });
    const after = await attention();
    expect(after.body).toMatchObject({ unseen: 0, total: 1 });
    expect(after.body.items[0].seen).toBe(true);
  });

  it('an admin cancelling projects in a refund is not a family cancel: nobody is told', async () => {
    const { orderId, projectIds } = await paidOrder(
      customer.idToken,
      selection({ services: [{ id: 'supplement-large', quantity: 1 }] }),
    );
    const res = await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: bearer((await testTokens()).admin),
      json: { requestId: crypto.randomUUID(), amountCents: 10_000, reason: 'Editor unavailable', projectIds },
    });
    expect(res.status).toBe(200);
    expect(await ownerMails()).toEqual([]);
    expect((await attention()).body.unseen).toBe(0);
  });
});

describe('a refund fails', () => {
  it('a failed refund event tells the business once, delivered twice, and counts one', async () => {
    const { orderId } = await paidOrder(customer.idToken);
    const refunded = await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: bearer((await testTokens()).admin),
      json: { requestId: crypto.randomUUID(), amountCents: 2_500, reason: 'Goodwill', projectIds: [] },
    });
    const refund = refunded.body.refunds[0];
    expect(refund.state).toBe('succeeded');
    const failed = {
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'refund.failed',
      data: {
        object: {
          object: 'refund',
          id: refund.providerId,
          amount: 2_500,
          currency: 'usd',
          status: 'failed',
          failure_reason: 'expired_or_canceled_card',
          metadata: { orderId, refundId: refund.id },
        },
      },
    };
    expect((await deliver(failed)).body.result).toBe('refund-recorded');
    expect((await deliver({ ...failed, id: `evt_${crypto.randomUUID()}` })).body.result).toBe('refund-unchanged');
    expect((await ordersRepo().get(orderId))!.refunds![0].state).toBe('failed');

    const mails = await ownerMails();
    expect(mails.map((m) => m.subject)).toEqual([`Action needed: a refund on order ${orderId} was refused`]);
    expect(mails[0].text).toContain('The refund of $25.00 on order');
    expect(mails[0].text).toContain('expired_or_canceled_card');
    const listed = await attention();
    expect(listed.body.unseen).toBe(1);
    expect(listed.body.items[0]).toMatchObject({ kind: 'refund-failed', orderId, seen: false });
  });
});
