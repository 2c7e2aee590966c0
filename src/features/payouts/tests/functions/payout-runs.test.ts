/**
 * Payout runs by hand (POST /api/admin/payouts): every payable balance paid once, whatever the admin
 * or storage does: the same request again, two runs at once, a run cut off at any write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminPayouts from '#functions/admin-payouts';
import editorEarnings from '#functions/editor-earnings';
import { storageMessages } from '#lib/messages';
import { payoutMessages, TAX_COLUMNS, taxThresholdFor, type PayoutsView, type TaxYearView } from '../../payouts';
import type { LedgerEntry } from '../../earnings';
import { ledgerRepo } from '../../server/ledger';
import { forgetEditorLists } from '#features/editors/server/editors.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { openStore } from '#server/storage/stores';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { bearer, tokenOf } from '#tests/auth-emulator';
import { walkFaults } from '#tests/fault-walk';
import { call } from '#tests/functions';

const blobs = useAtomicBlobsServer();
beforeAll(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterAll(() => vi.restoreAllMocks());
beforeEach(async () => {
  blobs.reset();
  forgetEditorLists();
  await seedDemoEditors();
});

const PAST = '2026-01-01T00:00:00.000Z';
const FUTURE = '2100-01-01T00:00:00.000Z';
const entry = (editorId: string, id: string, cents: number, payableAt = PAST): LedgerEntry => ({
  id,
  editorId,
  kind: cents < 0 ? 'reversal' : 'earning',
  cents,
  at: PAST,
  payableAt,
  projectId: 'BCC-ABC234-1',
  label: 'Common App Essay Editing',
  part: 'service',
  payoutId: null,
});

/** Maya: $210 payable and $70 pending; Sofia: $35 payable less a $50 refund, so owing $15. */
const earnings = () =>
  ledgerRepo().add([
    entry('maya-chen', 'earn-A', 21000),
    entry('maya-chen', 'earn-B', 7000, FUTURE),
    entry('sofia-ramirez', 'earn-C', 3500),
    entry('sofia-ramirez', 'reverse-C', -5000),
  ]);

const run = async (requestId: string, reference = 'Bank batch 2026-11-29') =>
  call(adminPayouts, '/api/admin/payouts', {
    method: 'POST',
    headers: await asAdmin(),
    json: { requestId, reference },
  });
const RUN = '1b4e28ba-2fa1-4d2b-9b8a-0e02b2c3d479';
const OTHER = '6fa459ea-ee8a-4ca4-894e-db77e160355e';
const paidTo = async (editorId: string) =>
  (await ledgerRepo().entriesOf(editorId)).filter((e) => e.kind === 'payout').map((e) => -e.cents);

describe('POST /api/admin/payouts', () => {
  itRefusesAllButAdmins(async (headers) => call(adminPayouts, '/api/admin/payouts', { headers }));

  it('pays each payable balance once, leaves what is pending or owed, and a retry finds the same run', async () => {
    await earnings();
    const first = await run(RUN);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const view = first.body as PayoutsView;
    expect(view.runs).toEqual([
      expect.objectContaining({
        id: RUN,
        reference: 'Bank batch 2026-11-29',
        payouts: [{ editorId: 'maya-chen', name: 'Maya Chen', cents: 21000 }],
      }),
    ]);
    expect(view.editors.find((e) => e.editorId === 'maya-chen')!.balances).toEqual({
      pendingCents: 7000,
      payableCents: 0,
      paidCents: 21000,
    });
    expect(view.editors.find((e) => e.editorId === 'sofia-ramirez')!.balances.payableCents).toBe(-1500);

    expect((await run(RUN)).status).toBe(200);
    expect(await paidTo('maya-chen')).toEqual([21000]);
    // Nothing left to pay: a new run is refused, and none is kept.
    expect(await run(OTHER)).toMatchObject({ status: 409, body: { error: payoutMessages.nothingPayable } });
    expect((await openStore('ledger').list({ prefix: 'runs' })).blobs.map((b) => b.key)).toEqual([`runs/${RUN}`]);

    // The editor reads the payout in their own statement.
    const own = await call(editorEarnings, '/api/editor/earnings', {
      headers: bearer(await tokenOf('maya@example.test')),
    });
    expect(own.body.entries[0]).toMatchObject({ kind: 'payout', cents: -21000, payoutId: RUN });
    expect(own.body.balances.paidCents).toBe(21000);
  });

  it("the year's payments for the 1099s: each editor paid, marked due from the year's threshold, and the export", async () => {
    await earnings();
    await ledgerRepo().add([entry('maya-chen', 'earn-D', 190000)]);
    expect((await run(RUN)).status).toBe(200);
    const year = new Date().getUTCFullYear();
    const tax = async (query: string) =>
      call(adminPayouts, `/api/admin/payouts?taxYear=${query}`, { headers: await asAdmin() });
    const view = (await tax(String(year))).body as TaxYearView;
    expect(view).toEqual({
      year,
      thresholdCents: taxThresholdFor(year),
      editors: [
        {
          editorId: 'maya-chen',
          name: 'Maya Chen',
          email: 'maya@example.test',
          paidCents: 211000,
          reportable: 211000 >= taxThresholdFor(year),
        },
      ],
    });
    // $600 until 2025; $2,000 for payments from 2026.
    expect([taxThresholdFor(2025), taxThresholdFor(2026), taxThresholdFor(2030)]).toEqual([60_000, 200_000, 200_000]);
    expect((await tax(String(year - 1))).body.editors).toEqual([]);
    const csv = await tax(`${year}&format=csv`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="1099-nec-${year}.csv"`);
    expect((csv.body as string).split('\r\n').slice(0, 2)).toEqual([
      TAX_COLUMNS.map((c) => `"${c}"`).join(','),
      `"Maya Chen","maya-chen","maya@example.test","2110.00","${view.editors[0].reportable ? 'Yes' : 'No'}","",""`,
    ]);
    expect((await tax('1999')).status).toBe(400);
    // What the ledger keeps by time agrees with its entries: a key per entry, none without one.
    expect(await ledgerRepo().audit()).toMatchObject({ missing: [], stray: [] });
  });

  it('refuses a run without a reference or a request id, and records nothing', async () => {
    await earnings();
    expect((await run(RUN, '  ')).status).toBe(400);
    const noId = await call(adminPayouts, '/api/admin/payouts', {
      method: 'POST',
      headers: await asAdmin(),
      json: { reference: 'x' },
    });
    expect(noId).toMatchObject({ status: 400, body: { error: expect.stringContaining('requestId') } });
    expect(await paidTo('maya-chen')).toEqual([]);
  });

  it('two runs at once pay each balance once between them', async () => {
    await earnings();
    const answers = await Promise.all([run(RUN), run(OTHER)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409].sort());
    expect(await paidTo('maya-chen')).toEqual([21000]);
    expect((await openStore('ledger').get('runs-lock', { type: 'json' })) ?? null).toBeNull();
  });
});

describe('a payout run under storage faults', () => {
  it('answers 200 only when the run is whole; the retry, or the next run, pays each balance once', async () => {
    const writes = await walkFaults(blobs, {
      async arrange() {
        await earnings();
      },
      act: () => run(RUN),
      afterFault(res) {
        if (res.status !== 200) {
          expect(res.status, JSON.stringify(res.body)).toBe(503);
          expect(res.body.error).toBe(storageMessages.saveFailed);
        }
      },
      async afterRetry(res, step) {
        expect(await ledgerRepo().audit()).toMatchObject({ missing: [], stray: [] });
        expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
        // Another run after it finds nothing more to pay.
        expect((await run(OTHER)).status, step).toBe(409);
        expect(await paidTo('maya-chen'), step).toEqual([21000]);
        expect(await paidTo('sofia-ramirez'), step).toEqual([]);
        expect(await openStore('ledger').get('runs-lock', { type: 'json' }), step).toBeNull();
      },
    });
    expect(writes).toBeGreaterThanOrEqual(4);
  }, 600_000);
});
