/**
 * The month report and the exports read the period's records through the day keys kept beside the
 * orders, projects and consult bookings: last year's history costs them nothing, the keys agree with
 * the records after each flow (and a fault at each of its writes), and the rebuild reproduces them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { periodBounds } from '../../server/period';
import { BUSINESS_TIME_ZONE, lastDayOf } from '../../reports';
import { localDate } from '#features/consults/consult-format';
import { exportCsvRows, exportRows, keepSettledDays, monthsReport } from '../../server/reports';
import reportDays from '#functions/report-days';
import { call } from '#tests/functions';
import {
  needsOwner,
  orderListState,
  orderMoneyTimes,
  orderSearchFields,
  paidAtOf,
  type Order,
} from '#features/orders/order';
import { searchWords } from '#lib/search-words';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { workTimes } from '#features/projects/process';
import type { Project } from '#features/projects/project';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { consultsRepo, type ConsultBooking } from '#features/consults/server/consults.repo';
import { editorsRepo, forgetEditorLists } from '#features/editors/server/editors.repo';
import { editorInput } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { walkFaults } from '#tests/fault-walk';
import { round, storeBooking, storePaidOrder, storeProject, storeRefund } from '#tests/reports';
import { openStore } from '#server/storage/stores';
import { withStorageDeadline } from '#server/storage/budget';
import { utcDay } from '#server/storage/kept-keys';
import { readRecords } from '#server/storage/paging';
import { ledgerRepo } from '#features/payouts/server/ledger';
import type { LedgerEntry } from '#features/payouts/earnings';

const blobs = useAtomicBlobsServer();
const LAST_YEAR = 120;

const keysUnder = async (store: 'orders' | 'projects' | 'consults', root: string) =>
  (await openStore(store).list({ prefix: `${root}/` })).blobs.map((b) => b.key).sort();

/** The day keys and words each store's records call for, from the records alone. */
async function expectedKeys() {
  const all = async <T>(store: 'orders' | 'projects' | 'consults', isRecord: (key: string) => boolean) => {
    const keys = (await openStore(store).list()).blobs.map((b) => b.key).filter(isRecord);
    return (await readRecords<T>(openStore(store), keys)).map((r) => r.value);
  };
  const days = (id: string, instants: string[]) => [...new Set(instants.map((at) => `${utcDay(at)}/${id}`))];
  const words = (id: string, fields: (string | null | undefined)[]) =>
    searchWords(fields).map((word) => `words/${word}/${id}`);
  const orders = await all<Order>('orders', (key) => key.startsWith('BCC-'));
  const projects = await all<Project>('projects', (key) => key.startsWith('BCC-'));
  const bookings = await all<ConsultBooking>('consults', (key) => key.startsWith('bookings/'));
  return {
    orders: orders
      .flatMap((o) => days(o.id, orderMoneyTimes(o)))
      .map((k) => `by-day/${k}`)
      .sort(),
    projects: projects
      .flatMap((p) => days(p.id, workTimes(p)))
      .map((k) => `by-day/${k}`)
      .sort(),
    consults: bookings
      .flatMap((b) => days(b.id, [b.createdAt]))
      .map((k) => `booked/${k}`)
      .sort(),
    orderWords: orders.flatMap((o) => words(o.id, orderSearchFields(o))).sort(),
    orderFilters: orders
      .flatMap((o) => {
        const created = `${o.createdAt}-${o.id}`;
        const month = o.createdAt.slice(0, 7);
        return [
          `by-state/${orderListState(o)}/${month}/${created}`,
          `by-editor/${o.editor.id}/${orderListState(o)}/${month}/${created}`,
          ...(needsOwner(o) ? [`needs-you/${created}`] : []),
          ...[paidAtOf(o) ?? []].flat().map((at) => `by-paid/${at}-${o.id}`),
        ];
      })
      .sort(),
  };
}

async function expectKeysAgree() {
  const expected = await expectedKeys();
  expect(await keysUnder('orders', 'by-day')).toEqual(expected.orders);
  expect(await keysUnder('projects', 'by-day')).toEqual(expected.projects);
  expect(await keysUnder('consults', 'booked')).toEqual(expected.consults);
  expect(await keysUnder('orders', 'words')).toEqual(expected.orderWords);
  const filterKeys = await Promise.all(
    ['by-state', 'by-editor', 'needs-you', 'by-paid'].map((root) => keysUnder('orders', root)),
  );
  expect(filterKeys.flat().sort()).toEqual(expected.orderFilters);
}

/** A February of 2026 in New York: paid orders, a refund, a project returned and made final, a consult. */
async function february() {
  const a = await storePaidOrder('2026-02-03T15:00:00.000Z', 20000);
  const b = await storePaidOrder('2026-02-10T15:00:00.000Z', 15000);
  await storeRefund(b.id, 5000, '2026-02-12T15:00:00.000Z');
  await storeProject(a, (p) => ({
    ...p,
    state: 'final',
    rounds: [round(1, '2026-02-04T15:00:00.000Z', '2026-02-06T15:00:00.000Z')],
    history: [
      { at: '2026-02-08T15:00:00.000Z', by: 'customer', actor: 'Ann', type: 'finalize', from: 'returned', to: 'final' },
    ],
  }));
  await storeBooking('2026-02-14T15:00:00.000Z');
  return { a, b };
}

/** Last year's business: paid orders, each with a project returned. */
async function lastYear() {
  for (let start = 0; start < LAST_YEAR; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, k) => {
        const at = new Date(Date.parse('2025-01-05T15:00:00.000Z') + (start + k) * 2 * 24 * 3600_000).toISOString();
        const order = await storePaidOrder(at, 10000);
        await storeProject(order, (p) => ({ ...p, state: 'returned', rounds: [round(1, at, at)] }));
      }),
    );
  }
}

beforeEach(async () => {
  blobs.reset();
  forgetEditorLists();
  await editorsRepo().createWithNewId(editorInput('Maya Chen'));
});

describe('the accounts of a period', () => {
  it("read the period's records, however long the business has run", async () => {
    await lastYear();
    const { a, b } = await february();
    // The first read after records stored before their keys builds the keys, once.
    await monthsReport({ from: '2025-01', to: '2025-01' }, {});
    blobs.takeRequests();

    // An hour on, as the owner would: every change made above has long landed.
    const later = new Date(Date.now() + 3_600_000);
    const report = await monthsReport({ from: '2026-02', to: '2026-02' }, {}, later);
    expect(report.months[0]).toMatchObject({ revenueCents: 35000, refundsCents: 5000, orders: 2, consultsBooked: 1 });
    expect(report.months[0]).toMatchObject({ projectsFinished: 1, onTimeRounds: 1 });
    // Two orders, one project (read for each week it counts in: returned on the 6th, final on the 8th),
    // one booking: never last year's.
    const recordReads = () =>
      blobs.takeRequests().filter((r) => r.method === 'GET' && /^(BCC-|bookings\/)/.test(r.key));
    expect(recordReads()).toHaveLength(5);
    // Its days are settled and kept: counted again, the report reads no record at all.
    expect(await monthsReport({ from: '2026-02', to: '2026-02' }, {}, later)).toEqual(report);
    expect(recordReads()).toHaveLength(0);

    const rows = await exportCsvRows('orders', '2026-02-01', '2026-02-28');
    expect(rows.slice(1).map((row) => row[0])).toEqual([a.id, b.id]);
    // Its two orders, and the kept rows of its month and each settled day (none kept yet): never last year's orders.
    const gets = blobs.takeRequests().filter((r) => r.method === 'GET');
    expect(gets.filter((r) => r.key.startsWith('BCC-')).map((r) => r.key)).toEqual([a.id, b.id]);
    // Besides: the marks' listings, and for each week counted its keys' check and its days' listings.
    const kept = (key: string) => key.startsWith('rows/') || key.startsWith('row-months/');
    expect(gets.filter((r) => !r.key.startsWith('BCC-') && !kept(r.key)).length).toBeLessThanOrEqual(12);

    // What every order would give: the same rows.
    const everything = (await ordersRepo().page({ limit: 1000 })).items;
    for (const kind of ['orders', 'refunds', 'payments'] as const)
      expect(await exportCsvRows(kind, '2026-02-01', '2026-02-28')).toEqual(
        exportRows(kind, everything, periodBounds('2026-02-01', '2026-02-28')),
      );
  });

  it('count a settled day again once a change to it has landed, and never keep what might lack it', async () => {
    const { b } = await february();
    const later = new Date(Date.now() + 3_600_000);
    const feb = () => monthsReport({ from: '2026-02', to: '2026-02' }, {}, later);
    expect((await feb()).months[0].refundsCents).toBe(5000);
    expect((await openStore('report-days').list({ prefix: 'figures/' })).blobs.length).toBe(28);

    // The refund of Feb 12 fails today: that day's figures change.
    const changedAt = new Date();
    await ordersRepo().change(b.id, (order) => ({
      ...order,
      refunds: order.refunds!.map((refund) => ({ ...refund, state: 'failed' as const, failure: 'lost' })),
    }));
    // Right after the change its day is counted again, and not kept: a change marked then may still be landing.
    const soon = new Date(changedAt.getTime() + 60_000);
    expect((await monthsReport({ from: '2026-02', to: '2026-02' }, {}, soon)).months[0].refundsCents).toBe(0);
    const keptFeb12 = async () =>
      (await openStore('report-days').get('figures/2026-02-12', { type: 'json' })) as {
        part: { figures: { refundsCents: number } };
      };
    expect((await keptFeb12()).part.figures.refundsCents).toBe(5000);
    // Later it is counted again and kept.
    expect((await feb()).months[0].refundsCents).toBe(0);
    expect((await keptFeb12()).part.figures.refundsCents).toBe(0);
    blobs.takeRequests();
    expect((await feb()).months[0].refundsCents).toBe(0);
    expect(blobs.takeRequests().filter((r) => r.method === 'GET' && r.key.startsWith('BCC-'))).toHaveLength(0);
  });

  it('are counted and kept by the hourly run, so the report reads kept days; a run out of time leaves the rest to the next', async () => {
    await lastYear();
    await february();
    const twoMonthsAgo = await storePaidOrder(new Date(Date.now() - 60 * 24 * 3_600_000).toISOString(), 7000);
    const later = new Date(Date.now() + 3_600_000);
    // A run whose storage time is spent keeps nothing and says so.
    const spent = await withStorageDeadline(0, () => keepSettledDays({}, later));
    expect(spent).toEqual({ kept: 0, complete: false });

    // The scheduled function runs it now, while the seeding's changes are fresh: it keeps the days they did not touch.
    const run = await call(reportDays, '/.netlify/functions/report-days', { method: 'POST', body: '{}' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ complete: true, kept: expect.any(Number) });
    // An hour on, it keeps the days the seeding's fresh changes held back, and then every settled day is kept.
    expect((await keepSettledDays({}, later)).kept).toBeGreaterThan(0);
    // Run again, it has nothing left to keep.
    expect(await keepSettledDays({}, later)).toEqual({ kept: 0, complete: true });
    blobs.takeRequests();
    const report = await monthsReport({ from: '2025-01', to: '2026-02' }, {}, later);
    expect(report.total).toMatchObject({ orders: LAST_YEAR + 2, revenueCents: LAST_YEAR * 10000 + 35000 });
    const reads = blobs.takeRequests().filter((r) => r.method === 'GET');
    expect(reads.filter((r) => r.key.startsWith('BCC-'))).toHaveLength(0);
    // Fourteen whole settled months: one kept blob each, not one for each of their 424 days.
    expect(reads.filter((r) => r.key.startsWith('figures/'))).toHaveLength(0);
    expect(reads.filter((r) => r.key.startsWith('figure-months/')).map((r) => r.key)).toHaveLength(14);
    // The accountant's files of a settled month of the last year read its kept rows too.
    const day = localDate(twoMonthsAgo.payment.paidAt!, BUSINESS_TIME_ZONE);
    const rows = await exportCsvRows('payments', `${day.slice(0, 7)}-01`, lastDayOf(day.slice(0, 7)), {}, later);
    expect(rows.slice(1).map((row) => row[1])).toEqual([twoMonthsAgo.id]);
    const exportReads = blobs.takeRequests().filter((r) => r.method === 'GET');
    expect(exportReads.filter((r) => r.key.startsWith('BCC-'))).toHaveLength(0);
    expect(exportReads.filter((r) => r.key.startsWith('row-months/'))).toHaveLength(1);
    expect(exportReads.filter((r) => r.key.startsWith('rows/'))).toHaveLength(0);
  });

  it("keep what editors earned with a settled day's figures: a year of ledger is not listed again, and a late entry shows", async () => {
    await february();
    const editorId = (await editorsRepo().list())[0].id;
    const entry = (id: string, kind: 'earning' | 'reversal', cents: number, at: string): LedgerEntry => ({
      id,
      editorId,
      kind,
      cents,
      at,
      payableAt: at,
      projectId: null,
      label: 'Common App Essay Review',
      part: null,
      payoutId: null,
    });
    await ledgerRepo().add([
      entry('earned-1', 'earning', 12000, '2026-02-08T15:00:00.000Z'),
      entry('earned-2', 'earning', 9000, '2026-02-20T15:00:00.000Z'),
    ]);
    const later = new Date(Date.now() + 3_600_000);
    const feb = () => monthsReport({ from: '2026-02', to: '2026-02' }, {}, later);
    expect((await feb()).months[0].editorsEarnedCents).toBe(21000);
    blobs.takeRequests();
    // Kept with the month's figures: the ledger's keys are not listed again.
    expect((await feb()).months[0]).toMatchObject({ editorsEarnedCents: 21000, platformCents: 30000 - 21000 });
    const ledgerListings = () =>
      blobs.takeRequests().filter((r) => r.store.endsWith('ledger') && r.listed?.startsWith('by-kind/'));
    expect(ledgerListings()).toHaveLength(0);

    // A reversal of Feb 20 written today (its flow retried late): the month is counted again at once.
    await ledgerRepo().add([entry('reversed-2', 'reversal', -4500, '2026-02-20T15:00:00.000Z')]);
    expect((await feb()).months[0].editorsEarnedCents).toBe(16500);
    expect(ledgerListings().length).toBeGreaterThan(0);
  });

  it("a settled month's files read the rows kept of its days, not its orders, and a later change shows at once", async () => {
    await lastYear();
    const { a, b } = await february();
    const later = new Date(Date.now() + 3_600_000);
    const everything = async () => (await ordersRepo().page({ limit: 1000 })).items;
    const feb = periodBounds('2026-02-01', '2026-02-28');
    // The first export of the month counts its days from the orders and keeps them.
    expect(await exportCsvRows('orders', '2026-02-01', '2026-02-28', {}, later)).toEqual(
      exportRows('orders', await everything(), feb),
    );
    expect((await openStore('report-days').list({ prefix: 'rows/' })).blobs).toHaveLength(28);
    expect((await openStore('report-days').list({ prefix: 'row-months/' })).blobs).toHaveLength(1);
    blobs.takeRequests();
    for (const kind of ['orders', 'refunds', 'payments'] as const)
      expect(await exportCsvRows(kind, '2026-02-01', '2026-02-28', {}, later)).toEqual(
        exportRows(kind, await everything(), feb),
      );
    const orderReads = () => blobs.takeRequests().filter((r) => r.method === 'GET' && r.key.startsWith('BCC-'));
    blobs.takeRequests();
    await exportCsvRows('orders', '2026-02-01', '2026-02-28', {}, later);
    // The whole month is kept as one: one read.
    const reads = blobs.takeRequests().filter((r) => r.method === 'GET');
    expect(reads.filter((r) => r.key.startsWith('BCC-'))).toHaveLength(0);
    expect(reads.filter((r) => r.key.startsWith('rows/'))).toHaveLength(0);
    expect(reads.filter((r) => r.key.startsWith('row-months/')).map((r) => r.key)).toEqual(['row-months/2026-02']);

    // Today, order a (paid Feb 3) is refunded in part and b's refund of Feb 12 fails: their February
    // rows change, and the next export shows it, a minute on and an hour on.
    const changedAt = new Date();
    await storeRefund(a.id, 5000, changedAt.toISOString());
    await ordersRepo().change(b.id, (order) => ({
      ...order,
      refunds: order.refunds!.map((refund) => ({ ...refund, state: 'failed' as const, failure: 'lost' })),
    }));
    for (const at of [new Date(changedAt.getTime() + 60_000), new Date(changedAt.getTime() + 3_600_000)]) {
      const rows = await exportCsvRows('orders', '2026-02-01', '2026-02-28', {}, at);
      expect(rows.slice(1).map((row) => [row[0], row[2], row[9]])).toEqual([
        [a.id, 'Partially refunded', '50.00'],
        [b.id, 'Paid', '0.00'],
      ]);
      for (const kind of ['orders', 'refunds', 'payments'] as const)
        expect(await exportCsvRows(kind, '2026-02-01', '2026-02-28', {}, at)).toEqual(
          exportRows(kind, await everything(), feb),
        );
    }
    // Kept again once the change has surely landed: the month reads no order.
    blobs.takeRequests();
    await exportCsvRows('refunds', '2026-02-01', '2026-02-28', {}, new Date(changedAt.getTime() + 3_600_000));
    expect(orderReads()).toHaveLength(0);
  });

  it('keep their keys in step with every flow, and the rebuild reproduces them after drift', async () => {
    const { b } = await february();
    // A refund that failed later, an extra payment, a project moved on: keys follow the records.
    await ordersRepo().change(b.id, (order) => ({
      ...order,
      extraPayments: [
        {
          sessionId: 'cs_test_extra',
          paymentIntent: 'pi_extra',
          amountCents: 900,
          receivedAt: '2026-03-02T15:00:00.000Z',
          refund: { state: 'pending', providerId: null, failure: null, updatedAt: '2026-03-02T15:00:00.000Z' },
        },
      ],
    }));
    await expectKeysAgree();

    // Drift: a key lost, a key no record backs.
    await openStore('orders').delete(`by-day/2026-02-12/${b.id}`);
    await openStore('projects').set('by-day/2026-01-01/BCC-ZZZZZZ-1', '');
    expect(await ordersRepo().rebuildKept(true)).toEqual({ written: 1, removed: 0 });
    expect(await projectsRepo().rebuildKept(true)).toEqual({ written: 0, removed: 1 });
    await expectKeysAgree();
    expect(await ordersRepo().rebuildKept(true)).toEqual({ written: 0, removed: 0 });
    expect(await consultsRepo().rebuildBooked(true)).toEqual({ written: 0, removed: 0 });
  });

  it('find records stored before the keys existed, by building them on the first read', async () => {
    const { a } = await february();
    const legacy = { ...a, id: 'BCC-LEGACY', payment: { ...a.payment, paidAt: '2026-02-20T15:00:00.000Z' } };
    await openStore('orders').setJSON(legacy.id, legacy);
    await openStore('orders').delete('kept-v2-complete');

    const rows = await exportCsvRows('orders', '2026-02-01', '2026-02-28');
    expect(rows.slice(1).map((row) => row[0])).toContain('BCC-LEGACY');
    await expectKeysAgree();
  });

  it('a name taken out of an order (an account closed) leaves no key naming it, whatever write is cut', async () => {
    let order: Order;
    const named = (key: string) => key.includes('okonkwo');
    const writes = await walkFaults(blobs, {
      async arrange() {
        order = await storePaidOrder('2026-02-03T15:00:00.000Z', 20000, {
          parentName: 'Ada Okonkwo',
          parentEmail: 'ada.okonkwo@example.com',
        });
      },
      act: () =>
        ordersRepo()
          .change(order.id, (o) =>
            o.student.parentName === 'Closed'
              ? null
              : {
                  ...o,
                  customer: { ...o.customer, email: 'closed@example.invalid' },
                  student: { ...o.student, parentName: 'Closed', parentEmail: 'closed@example.invalid' },
                },
          )
          .catch((error: Error) => error),
      afterFault: async () => {
        // Until the record is written its words may stay, and it is still found by them.
        const stored = await ordersRepo().get(order.id);
        if (stored?.student.parentName === 'Closed')
          expect((await keysUnder('orders', 'words')).filter(named)).toEqual([]);
      },
      afterRetry: async (result) => {
        expect(result).not.toBeInstanceOf(Error);
        expect((await keysUnder('orders', 'words')).filter(named)).toEqual([]);
        expect((await ordersRepo().withWords(['closed'])).map((o) => o.id)).toEqual([order.id]);
      },
    });
    expect(writes).toBeGreaterThan(2);
  });

  it('a refund cut at any write is found once its retry lands', async () => {
    let order: Order;
    const refund = (
      await storeRefund((await storePaidOrder('2026-01-03T15:00:00.000Z', 100)).id, 50, '2026-01-04T15:00:00.000Z')
    ).refunds![0];
    const writes = await walkFaults(blobs, {
      async arrange() {
        order = await storePaidOrder('2026-02-03T15:00:00.000Z', 20000);
        await storeProject(order);
      },
      // The refund flows name each refund once: a retry finds it there and changes nothing.
      act: () =>
        ordersRepo()
          .change(order.id, (o) =>
            o.refunds?.length ? null : { ...o, refunds: [{ ...refund, createdAt: '2026-03-04T15:00:00.000Z' }] },
          )
          .catch((error: Error) => error),
      afterFault: async () => {
        // A key too many is allowed: every reader checks the record.
        const march = await ordersRepo().withMoneyBetween(
          new Date('2026-03-01T05:00:00Z'),
          new Date('2026-04-01T04:00:00Z'),
        );
        expect(march.every((o) => o.refunds?.length)).toBe(true);
      },
      afterRetry: async (result) => {
        expect(result).not.toBeInstanceOf(Error);
        const march = await ordersRepo().withMoneyBetween(
          new Date('2026-03-01T05:00:00Z'),
          new Date('2026-04-01T04:00:00Z'),
        );
        expect(march.map((o) => o.id)).toEqual([order.id]);
        expect(await keysUnder('orders', 'by-day')).toEqual(expect.arrayContaining((await expectedKeys()).orders));
      },
    });
    expect(writes).toBeGreaterThan(1);
  });
});
