import { beforeAll, describe, expect, it } from 'vitest';
import exportsHandler from '#functions/admin-exports';
import monthsHandler from '#functions/admin-reports';
import { exportRows } from '../../server/reports';
import { ordersRepo, type Order } from '#features/orders/server/orders.repo';
import { localDate } from '#features/consults/consult-format';
import type { Project } from '#features/projects/project';
import { BUSINESS_TIME_ZONE, REPORT_LIMITS, reportMessages, type MonthsReport } from '../../reports';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { call, clearStore } from '#tests/functions';
import { createUser } from '#tests/auth-emulator';
import { resetOrderingStores, selection } from '#tests/orders';
import { paidOrder } from '#tests/projects';
import { round, storeBooking, storePaidOrder, storeProject, storeRefund } from '#tests/reports';
import { ledgerRepo } from '#features/payouts/server/ledger';
import type { LedgerEntry } from '#features/payouts/earnings';

const months = async (query = '', headers?: Record<string, string>) =>
  call(monthsHandler, `/api/admin/reports/months${query}`, { headers: headers ?? (await asAdmin()) });
const exported = async (file: string, query = '?from=2026-02-01&to=2026-02-28', headers?: Record<string, string>) =>
  call(exportsHandler, `/api/admin/exports/${file}${query}`, {
    params: { file },
    headers: headers ?? (await asAdmin()),
  });

/** The cells of a CSV answer (every cell is quoted), header first. */
const cells = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));

const event = (
  type: Project['history'][number]['type'],
  at: string,
  from: Project['state'],
  to: Project['state'],
): Project['history'][number] => ({ at, by: 'system', actor: 'system', type, from, to });

/**
 * Four paid orders around the months January to March 2026 in New York, refunds none, partial and
 * full, and the projects and consults of those months. Comments give each instant in New York.
 */
let orders: Record<'a' | 'b' | 'c' | 'd', Order>;
beforeAll(async () => {
  await resetOrderingStores();
  await Promise.all(['projects', 'consults', 'ledger'].map(clearStore));
  // The editors' ledger: an earning at 22:00 on Feb 28 (Mar 1 in UTC), a refund's reversal on Mar 10, and a
  // payout (money paid out is no earning).
  const entry = (id: string, kind: LedgerEntry['kind'], cents: number, at: string): LedgerEntry => ({
    id,
    editorId: 'maya-chen',
    kind,
    cents,
    at,
    payableAt: at,
    projectId: kind === 'payout' ? null : 'BCC-REPORT-1',
    label: 'Common App Essay Editing',
    part: kind === 'payout' ? null : 'service',
    payoutId: null,
  });
  await ledgerRepo().add([
    entry('earn-R', 'earning', 52500, '2026-03-01T03:00:00.000Z'),
    entry('reverse-R', 'reversal', -7000, '2026-03-10T15:00:00.000Z'),
    entry('payout-R', 'payout', -45500, '2026-02-20T15:00:00.000Z'),
  ]);
  // A: Jan 10, $1,234.50, never refunded; a second payment for it arrived Feb 20 and went back in full.
  const a = await storePaidOrder('2026-01-10T17:00:00.000Z', 123450, { parentName: 'Ann Alder' });
  await ordersRepo().change(a.id, (order) => ({
    ...order,
    extraPayments: [
      {
        sessionId: 'cs_test_extra',
        paymentIntent: 'pi_extra',
        amountCents: 9900,
        receivedAt: '2026-02-20T15:00:00.000Z',
        refund: { state: 'succeeded', providerId: 're_extra', failure: null, updatedAt: '2026-02-20T15:00:01.000Z' },
      },
    ],
  }));
  // B: Jan 31 23:30 (Feb 1 in UTC), $200; $50 back on Feb 15, and a refund of $20 that failed on Feb 16.
  const b = await storePaidOrder('2026-02-01T04:30:00.000Z', 20000, { parentName: 'Bea Birch' });
  await storeRefund(b.id, 5000, '2026-02-15T15:00:00.000Z');
  await storeRefund(b.id, 2000, '2026-02-16T15:00:00.000Z', 'failed');
  // C: Feb 28 00:30, $150, refunded in full at midnight on Mar 1; its parent's name would be a formula.
  const c = await storePaidOrder('2026-02-28T05:30:00.000Z', 15000, { parentName: '=cmd|calc' });
  await storeRefund(c.id, 15000, '2026-03-01T05:00:00.000Z');
  // D: Dec 31 (outside the months), $400; $40 back on Jan 5.
  const d = await storePaidOrder('2025-12-31T23:00:00.000Z', 40000, { parentName: 'Dee Dogwood' });
  await storeRefund(d.id, 4000, '2026-01-05T15:00:00.000Z');
  // An order never paid counts nowhere.
  await ordersRepo().create(
    { ...a, customer: { uid: 'unpaid', email: 'unpaid@example.com' }, payment: { mode: 'test' } },
    new Date('2026-01-12T15:00:00.000Z'),
  );
  orders = {
    a: (await ordersRepo().get(a.id))!,
    b: (await ordersRepo().get(b.id))!,
    c: (await ordersRepo().get(c.id))!,
    d,
  };

  // Maya returns A's first round on time, its second late, and it becomes final on Feb 3.
  await storeProject(orders.a, (p) => ({
    ...p,
    state: 'final',
    rounds: [
      round(1, '2026-01-11T12:00:00.000Z', '2026-01-15T12:00:00.000Z'),
      round(2, '2026-01-20T12:00:00.000Z', '2026-01-26T12:00:00.000Z'),
    ],
    history: [...p.history, event('finalize', '2026-02-03T12:00:00.000Z', 'returned', 'final')],
  }));
  // B's project: Maya returns round 1 late, it moves to Daniel on Feb 12, who returns round 2 on time
  // and round 3 on time at 23:30 on Mar 31 (Apr 1 in UTC). It is still open, with Daniel.
  await storeProject(orders.b, (p) => ({
    ...p,
    state: 'returned',
    editor: { id: 'daniel-okafor', name: 'Daniel Okafor' },
    assignment: 2,
    previousAssignments: [{ editorId: 'maya-chen', assignment: 1 }],
    rounds: [
      round(1, '2026-02-01T12:00:00.000Z', '2026-02-10T12:00:00.000Z'),
      round(2, '2026-02-13T12:00:00.000Z', '2026-02-14T12:00:00.000Z'),
      round(3, '2026-03-30T12:00:00.000Z', '2026-04-01T03:30:00.000Z'),
    ],
    history: [...p.history, event('reassign', '2026-02-12T12:00:00.000Z', 'returned', 'returned')],
  }));
  // D's project waits for its draft with Maya; C's was cancelled.
  await storeProject(orders.d);
  await storeProject(orders.c, (p) => ({ ...p, state: 'cancelled' }));

  // Consults booked at 23:59 on Jan 31, at midnight on Feb 1, and in April.
  await storeBooking('2026-02-01T04:59:00.000Z');
  await storeBooking('2026-02-01T05:00:00.000Z');
  await storeBooking('2026-04-02T15:00:00.000Z');
});

describe('GET /api/admin/reports/months', () => {
  itRefusesAllButAdmins((headers) => months('', headers));

  it('totals each month of New York from the stored orders, refunds (none, partial, full), projects and consults', async () => {
    const res = await months('?from=2026-01&to=2026-03');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const report = res.body as MonthsReport;
    expect(report).toMatchObject({ from: '2026-01', to: '2026-03', timeZone: BUSINESS_TIME_ZONE });
    expect(report.months).toEqual([
      // A and B paid; D's $40 refunded. A's first round on time, its second late; one consult.
      {
        month: '2026-01',
        revenueCents: 143450,
        refundsCents: 4000,
        netCents: 139450,
        editorsEarnedCents: 0,
        platformCents: 139450,
        orders: 2,
        projectsFinished: 0,
        lateRounds: 1,
        onTimeRounds: 1,
        consultsBooked: 1,
      },
      // C paid; B's $50 back (the failed $20 is no refund); A final; B's rounds late (Maya) and on time (Daniel).
      {
        month: '2026-02',
        revenueCents: 15000,
        refundsCents: 5000,
        netCents: 10000,
        editorsEarnedCents: 52500,
        platformCents: -42500,
        orders: 1,
        projectsFinished: 1,
        lateRounds: 1,
        onTimeRounds: 1,
        consultsBooked: 1,
      },
      // C refunded in full; Daniel's round returned at 23:30 on Mar 31.
      {
        month: '2026-03',
        revenueCents: 0,
        refundsCents: 15000,
        netCents: -15000,
        editorsEarnedCents: -7000,
        platformCents: -8000,
        orders: 0,
        projectsFinished: 0,
        lateRounds: 0,
        onTimeRounds: 1,
        consultsBooked: 0,
      },
    ]);
    expect(report.total).toEqual({
      revenueCents: 158450,
      refundsCents: 24000,
      netCents: 134450,
      editorsEarnedCents: 45500,
      platformCents: 88950,
      orders: 3,
      projectsFinished: 1,
      lateRounds: 2,
      onTimeRounds: 3,
      consultsBooked: 2,
    });
  });

  it('credits each round to the editor who had the project when it came back', async () => {
    const { editors } = (await months('?from=2026-01&to=2026-03')).body as MonthsReport;
    const byId = Object.fromEntries(editors.map((e) => [e.editorId, e]));
    expect(byId['maya-chen']).toEqual({
      editorId: 'maya-chen',
      name: 'Maya Chen',
      projectsOpen: 1,
      projectsFinished: 1,
      roundsOnTime: 1,
      roundsLate: 2,
    });
    expect(byId['daniel-okafor']).toEqual({
      editorId: 'daniel-okafor',
      name: 'Daniel Okafor',
      projectsOpen: 1,
      projectsFinished: 0,
      roundsOnTime: 2,
      roundsLate: 0,
    });
    // Every editor is listed, with or without work; by name.
    expect(byId['priya-nair']).toMatchObject({ projectsOpen: 0, projectsFinished: 0, roundsOnTime: 0, roundsLate: 0 });
    expect(editors.map((e) => e.name)).toEqual([...editors.map((e) => e.name)].sort((x, y) => x.localeCompare(y)));
  });

  it('counts only the months asked for', async () => {
    const {
      months: [february],
    } = (await months('?from=2026-02&to=2026-02')).body as MonthsReport;
    expect(february).toMatchObject({ month: '2026-02', revenueCents: 15000, refundsCents: 5000, orders: 1 });
    const { editors } = (await months('?from=2026-03&to=2026-03')).body as MonthsReport;
    // Open projects are counted as of now, whatever the months.
    expect(editors.find((e) => e.editorId === 'maya-chen')).toMatchObject({
      projectsOpen: 1,
      projectsFinished: 0,
      roundsOnTime: 0,
      roundsLate: 0,
    });
  });

  it('shows the last twelve months of New York, this one included, when no months are given', async () => {
    const report = (await months()).body as MonthsReport;
    const thisMonth = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE).slice(0, 7);
    expect(report.months).toHaveLength(REPORT_LIMITS.defaultMonths);
    expect(report.to).toBe(thisMonth);
    expect(report.months.at(-1)!.month).toBe(thisMonth);
  });

  it.each([
    ['from without to', '?from=2026-01', 'from and to: give both or neither'],
    ['a month that is none', '?from=2026-13&to=2026-14', 'from must be a month like 2026-03'],
    ['a day for a month', '?from=2026-01-01&to=2026-02', 'from must be a month like 2026-03'],
    ['the months backwards', '?from=2026-03&to=2026-01', `from: ${reportMessages.monthsOrder}`],
    ['too many months', '?from=2023-01&to=2026-01', `to: ${reportMessages.tooManyMonths}`],
  ])('answers %s with 400 and { error }', async (_, query, error) => {
    const res = await months(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });
});

describe('GET /api/admin/exports/:file', () => {
  itRefusesAllButAdmins((headers) => exported('orders.csv', undefined, headers));

  it('orders.csv: the orders paid in the period, amounts in dollars and cents, times in New York, formulas neutralised', async () => {
    const res = await exported('orders.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-02-01-to-2026-02-28.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [header, ...rows] = cells(res.body);
    expect(header).toEqual([
      'Order',
      'Paid at (America/New_York)',
      'Status',
      'Family e-mail',
      'Parent',
      'Student',
      'Editor',
      'Items',
      'Total',
      'Refunded',
      'Net',
      'Payment id',
    ]);
    // B was paid at 23:30 on Jan 31 in New York: not February's, though it was Feb 1 in UTC.
    expect(rows).toEqual([
      [
        orders.c.id,
        '2026-02-28 00:30:00',
        'Refunded',
        orders.c.customer.email,
        "'=cmd|calc",
        'Sam Rivera',
        'Maya Chen',
        'Common App Essay Editing',
        '150.00',
        '150.00',
        '0.00',
        `pi_${orders.c.id}`,
      ],
    ]);
    const january = cells((await exported('orders.csv', '?from=2026-01-01&to=2026-01-31')).body).slice(1);
    expect(january.map((row) => [row[0], row[1], row[2], row[8], row[9], row[10]])).toEqual([
      [orders.a.id, '2026-01-10 12:00:00', 'Paid', '1234.50', '0.00', '1234.50'],
      [orders.b.id, '2026-01-31 23:30:00', 'Partially refunded', '200.00', '50.00', '150.00'],
    ]);
  });

  it('orders.csv lists a speed upgrade paid once once, beside the service it came with', async () => {
    const family = await createUser();
    const { orderId } = await paidOrder(family.idToken, selection({ addOns: ['speed48hr'] }));
    const order = (await ordersRepo().get(orderId))!;
    expect(order.totalCents).toBe(55000);
    const paid = Date.parse(order.payment.paidAt!);
    const [, row] = exportRows('orders', [order], { start: paid, end: paid + 1 });
    expect(row[7]).toBe('Common App Essay Editing; 48-Hour Response');
    expect(row[8]).toBe('550.00');
  });

  it('refunds.csv: every refund made in the period, failed ones marked, and extra payments sent back', async () => {
    const [header, ...rows] = cells((await exported('refunds.csv')).body);
    expect(header).toEqual([
      'Refund',
      'Order',
      'Made at (America/New_York)',
      'Amount',
      'State',
      'Kind',
      'By',
      'Reason',
      'Projects cancelled',
      'Finished projects it is for',
      'Provider refund id',
      'Failure',
    ]);
    expect(rows.map((row) => [row[1], row[2], row[3], row[4], row[5]])).toEqual([
      [orders.b.id, '2026-02-15 10:00:00', '50.00', 'Refunded', 'Order refund'],
      [orders.b.id, '2026-02-16 10:00:00', '20.00', 'Failed', 'Order refund'],
      [orders.a.id, '2026-02-20 10:00:00', '99.00', 'Refunded', 'Extra payment returned'],
    ]);
    // C's full refund came at midnight starting March 1: March's.
    const march = cells((await exported('refunds.csv', '?from=2026-03-01&to=2026-03-31')).body).slice(1);
    expect(march.map((row) => [row[1], row[2], row[3]])).toEqual([[orders.c.id, '2026-03-01 00:00:00', '150.00']]);
  });

  it('payments.csv: every payment received in the period, extra ones included', async () => {
    const [header, ...rows] = cells((await exported('payments.csv')).body);
    expect(header).toEqual([
      'Received at (America/New_York)',
      'Order',
      'Amount',
      'Kind',
      'Family e-mail',
      'Payment id',
      'Checkout session',
      'Mode',
    ]);
    expect(rows).toEqual([
      [
        '2026-02-20 10:00:00',
        orders.a.id,
        '99.00',
        'Extra payment (refunded in full)',
        orders.a.customer.email,
        'pi_extra',
        'cs_test_extra',
        'test',
      ],
      [
        '2026-02-28 00:30:00',
        orders.c.id,
        '150.00',
        'Order payment',
        orders.c.customer.email,
        `pi_${orders.c.id}`,
        `cs_test_${orders.c.id}`,
        'test',
      ],
    ]);
  });

  it('answers only a header for a period without any', async () => {
    expect(cells((await exported('payments.csv', '?from=2025-06-01&to=2025-06-30')).body)).toHaveLength(1);
  });

  it('answers 404 for a file it does not make', async () => {
    for (const file of ['customers.csv', 'orders', 'orders.json', '..']) {
      const res = await exported(file);
      expect(res.status, file).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it.each([
    ['no period', '', 'from is required, a date like 2026-03-01'],
    ['no end', '?from=2026-02-01', 'to is required, a date like 2026-03-01'],
    ['a day that is none', '?from=2026-02-01&to=2026-02-30', 'to is not a day of the calendar'],
    ['a month for a day', '?from=2026-02&to=2026-02-28', 'from must be a date like 2026-03-01'],
    ['the days backwards', '?from=2026-02-28&to=2026-02-01', `from: ${reportMessages.daysOrder}`],
    ['more than a year', '?from=2025-01-01&to=2026-01-02', `to: ${reportMessages.tooManyDays}`],
  ])('answers %s with 400 and { error }', async (_, query, error) => {
    const res = await exported('orders.csv', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });
});
