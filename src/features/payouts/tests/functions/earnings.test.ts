/**
 * A project that ends earns its editor entries in the ledger, through the real endpoints: once, at the
 * rates of the moment, payable a fixed time after; a refund that names it takes its share back; a
 * step cut off at any write leaves the ledger complete once retried and the timers have run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminOrderRefunds from '#functions/admin-order-refunds';
import editorEarnings from '#functions/editor-earnings';
import adminPayouts from '#functions/admin-payouts';
import stripeWebhook from '#functions/stripe-webhook';
import { LOCAL_WEBHOOK_SECRET } from '#server/core/stripe';
import { signWebhookPayload } from '#features/orders/server/webhook-signature';
import adminReports from '#functions/admin-reports';
import { BUSINESS_TIME_ZONE } from '#features/admin/reports';
import { localDate } from '#features/consults/consult-format';
import { runDueTimers } from '#server/jobs/timers';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { storageMessages } from '#lib/messages';
import { CLEARING_DAYS, DEFAULT_RATES, applyRate, payableFrom, type LedgerEntry } from '../../earnings';
import { ledgerRepo } from '../../server/ledger';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { asAdmin } from '#tests/admin-access';
import { bearer, createUser, tokenOf } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call, context } from '#tests/functions';
import { selection } from '#tests/orders';
import { act, paidOrder, submitText } from '#tests/projects';
import { mailsTo } from '#tests/consults';

const blobs = useAtomicBlobsServer();
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');
const SUPPLEMENT_CENTS = 7500;
const EARNED = applyRate(DEFAULT_RATES.services['supplement-small'], SUPPLEMENT_CENTS);

let family: Awaited<ReturnType<typeof createUser>>;
let maya: string;
beforeAll(async () => {
  family = await createUser();
  maya = await tokenOf('maya@example.test');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());
beforeEach(() => blobs.reset());

/** Two small supplements of Maya's, the first with its feedback returned. */
async function returnedSupplement() {
  forgetEditorLists();
  await seedDemoEditors();
  const { orderId, projectIds } = await paidOrder(
    family.idToken,
    selection({ services: [{ id: 'supplement-small', quantity: 2 }] }),
  );
  const [id] = projectIds;
  const submitted = await submitText(family.idToken, { id, version: 1 });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const returned = await act(maya, id, 'return', { version: submitted.body.version, notes: 'Good.' });
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  return { orderId, id, version: returned.body.version as number };
}

const mayaEntries = () => ledgerRepo().entriesOf('maya-chen');
const summary = (entries: LedgerEntry[]) => entries.map(({ kind, cents, projectId }) => ({ kind, cents, projectId }));

describe("a project's earnings", () => {
  it('are written when the family makes it final: its rate on the price, payable after the clearing days', async () => {
    const { id, version } = await returnedSupplement();
    expect(await mayaEntries()).toEqual([]);
    const final = await act(family.idToken, id, 'finalize', { version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const entries = await mayaEntries();
    expect(summary(entries)).toEqual([{ kind: 'earning', cents: EARNED, projectId: id }]);
    const endedAt = final.body.history.at(-1).at as string;
    expect(entries[0]).toMatchObject({
      at: endedAt,
      payableAt: payableFrom(endedAt),
      label: 'Supplemental Essay Help (Small)',
    });
    expect(Date.parse(entries[0].payableAt) - Date.parse(endedAt)).toBe(CLEARING_DAYS * 24 * 3600_000);
    // The timer that repairs a cut-off step finds them written and writes nothing more.
    expect((await runDueTimers(context(), FAR_FUTURE)).failed).toBe(0);
    expect(await mayaEntries()).toEqual(entries);
  });

  it('of a project withdrawn after one round of three are a third; one withdrawn before any feedback earns nothing', async () => {
    const { orderId, id, version } = await returnedSupplement();
    expect((await act(family.idToken, id, 'withdraw', { version })).status).toBe(200);
    expect((await act(family.idToken, `${orderId}-2`, 'withdraw', { version: 1 })).status).toBe(200);
    expect(summary(await mayaEntries())).toEqual([{ kind: 'earning', cents: Math.floor(EARNED / 3), projectId: id }]);
  });

  it("of a project our team cancels with a refund lose the refund's share, once, however often the request is retried", async () => {
    const { orderId, id } = await returnedSupplement();
    const refund = async () =>
      call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        params: { id: orderId },
        headers: await asAdmin(),
        json: {
          requestId: '7d9e2b4c-1f3a-4b5c-8d6e-0a1b2c3d4e5f',
          amountCents: 3750,
          reason: 'Goodwill',
          projectIds: [id],
        },
      });
    const first = await refund();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await refund()).status).toBe(200);
    // Cancelled after one round of three: a third of its earning, then half of that back, as half its price was refunded.
    const earned = Math.floor(EARNED / 3);
    expect(summary(await mayaEntries())).toEqual([
      { kind: 'earning', cents: earned, projectId: id },
      { kind: 'reversal', cents: -Math.round(earned / 2), projectId: id },
    ]);
    expect((await runDueTimers(context(), FAR_FUTURE)).failed).toBe(0);
    expect(await mayaEntries()).toHaveLength(2);
  });

  it('of a final project lose the share of a refund that names it, and its editor is told the amount', async () => {
    const { orderId, id, version } = await returnedSupplement();
    expect((await act(family.idToken, id, 'finalize', { version })).status).toBe(200);
    const refund = async (json: Record<string, unknown>) =>
      call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        params: { id: orderId },
        headers: await asAdmin(),
        json: { requestId: '0c4f2a9e-5b1d-4e7a-9c3f-6d8e1a2b3c4d', amountCents: 3750, reason: 'Late', ...json },
      });
    // A final project cannot be cancelled, and an open one is not what a refund is "for".
    expect((await refund({ forProjectIds: [`${orderId}-2`] })).status).toBe(409);
    const refunded = await refund({ forProjectIds: [id] });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.refunds.at(-1)).toMatchObject({ projectIds: [], forProjectIds: [id] });
    expect((await refund({ forProjectIds: [id] })).status).toBe(200);
    expect(summary(await mayaEntries())).toEqual([
      { kind: 'earning', cents: EARNED, projectId: id },
      { kind: 'reversal', cents: -Math.round(EARNED / 2), projectId: id },
    ]);
    const told = (await mailsTo('maya@example.test')).filter((mail) => /refund/i.test(mail.subject));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`$${(Math.round(EARNED / 2) / 100).toFixed(2)}`);
    expect(told[0].text).toContain('Supplemental Essay Help (Small)');

    // The business's month: what editors earned less what the refund took back, and what the platform kept.
    const month = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE).slice(0, 7);
    const report = await call(adminReports, `/api/admin/reports/months?from=${month}&to=${month}`, {
      headers: await asAdmin(),
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const [figures] = report.body.months;
    expect(figures.editorsEarnedCents).toBe(EARNED - Math.round(EARNED / 2));
    expect(figures.platformCents).toBe(figures.netCents - figures.editorsEarnedCents);
    expect(report.body.total).toMatchObject({
      editorsEarnedCents: figures.editorsEarnedCents,
      platformCents: figures.platformCents,
    });
  });
});

describe('a refund that fails after it took back its share', () => {
  it('gives the share back to the editor, once, when the provider reports the failure', async () => {
    const { orderId, id, version } = await returnedSupplement();
    expect((await act(family.idToken, id, 'finalize', { version })).status).toBe(200);
    const refunded = await call(adminOrderRefunds, `/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      params: { id: orderId },
      headers: await asAdmin(),
      json: {
        requestId: '3f1c2b7a-9d4e-4a6b-8c5d-2e7f9a1b0c3d',
        amountCents: 3750,
        reason: 'Late',
        forProjectIds: [id],
      },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const refund = refunded.body.refunds.at(-1);
    // The provider reports it failed later (a closed card): the webhook's event, signed as the provider signs it.
    const failed = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'refund.failed',
      data: {
        object: {
          id: refund.providerId,
          object: 'refund',
          amount: 3750,
          currency: 'usd',
          status: 'failed',
          failure_reason: 'expired_or_canceled_card',
          metadata: { orderId, refundId: refund.id },
        },
      },
    });
    const deliver = () =>
      call(stripeWebhook, '/api/stripe/webhook', {
        method: 'POST',
        body: failed,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhookPayload(failed, LOCAL_WEBHOOK_SECRET),
        },
      });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    const taken = Math.round(EARNED / 2);
    expect(summary(await mayaEntries())).toEqual([
      { kind: 'earning', cents: EARNED, projectId: id },
      { kind: 'reversal', cents: -taken, projectId: id },
      { kind: 'reversal', cents: taken, projectId: id },
    ]);
  });
});

describe('the rates our team sets', () => {
  it('apply to the projects that end after the change, never to one that ended before', async () => {
    const { orderId, id, version } = await returnedSupplement();
    expect((await act(family.idToken, id, 'finalize', { version })).status).toBe(200);
    const rates = {
      ...DEFAULT_RATES,
      services: { ...DEFAULT_RATES.services, 'supplement-small': { kind: 'fixed', cents: 4000 } },
    };
    const put = async (json: unknown) =>
      call(adminPayouts, '/api/admin/payouts', { method: 'PUT', headers: await asAdmin(), json });
    const saved = await put(rates);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ rates, ratesSetAt: expect.any(String) });
    // The second supplement of the order, returned and made final after the change.
    const second = `${orderId}-2`;
    const submitted = await submitText(family.idToken, { id: second, version: 1 });
    const returned = await act(maya, second, 'return', { version: submitted.body.version, notes: 'Good.' });
    expect((await act(family.idToken, second, 'finalize', { version: returned.body.version })).status).toBe(200);
    expect(summary(await mayaEntries())).toEqual([
      { kind: 'earning', cents: EARNED, projectId: id },
      { kind: 'earning', cents: 4000, projectId: second },
    ]);
    // A rate that is not one is refused, and the rates stay as they were.
    const share = { kind: 'share', basisPoints: 10_001 };
    expect(await put({ ...rates, fullEditor: share })).toMatchObject({
      status: 400,
      body: { error: 'fullEditor.basisPoints: the share is at most 100%' },
    });
    expect((await put(rates)).body.rates).toEqual(rates);
  });
});

describe('GET /api/editor/earnings', () => {
  const earnings = (token: string, query = '') =>
    call(editorEarnings, `/api/editor/earnings${query}`, { headers: bearer(token) });

  it("answers the editor's own balances and entries, and the same entries as a CSV statement", async () => {
    const { id, version } = await returnedSupplement();
    expect((await act(family.idToken, id, 'finalize', { version })).status).toBe(200);
    const page = await earnings(maya);
    expect(page.status).toBe(200);
    expect(page.body.balances).toEqual({ pendingCents: EARNED, payableCents: 0, paidCents: 0 });
    expect(page.body).toMatchObject({
      year: new Date().getUTCFullYear(),
      paidThisYearCents: 0,
      asOf: expect.any(String),
    });
    expect(summary(page.body.entries)).toEqual([{ kind: 'earning', cents: EARNED, projectId: id }]);

    const csv = await earnings(maya, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toBe('"Date","What","Project","Kind","Amount (USD)","Payable from","Payout"');
    expect(rows[1]).toContain(`"${id}","Earned","${(EARNED / 100).toFixed(2)}"`);

    // Another editor reads none of Maya's money; a family is no editor; a format we do not make is refused.
    const sofia = await earnings(await tokenOf('sofia@example.test'));
    expect(sofia.body.entries).toEqual([]);
    expect((await earnings(family.idToken)).status).toBe(403);
    expect(await earnings(maya, '?format=pdf')).toMatchObject({
      status: 400,
      body: { error: 'format must be json or csv' },
    });
  });
});

describe('a step that ends a project, under storage faults', () => {
  let ids: Awaited<ReturnType<typeof returnedSupplement>>;

  it('leaves the ledger complete once retried and the timers have run: each entry once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        ids = await returnedSupplement();
      },
      act: () => act(family.idToken, ids.id, 'finalize', { version: ids.version }),
      afterFault(res) {
        if (res.status !== 200) {
          expect(res.status, JSON.stringify(res.body)).toBe(503);
          expect(res.body.error).toBe(storageMessages.saveFailed);
        }
      },
      async afterRetry(res) {
        // The retry is final already (409) or makes it final now.
        expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
        expect((await runDueTimers(context(), FAR_FUTURE)).failed).toBe(0);
        expect(summary(await mayaEntries())).toEqual([{ kind: 'earning', cents: EARNED, projectId: ids.id }]);
        expect(await ledgerRepo().audit()).toMatchObject({ missing: [], stray: [] });
      },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
