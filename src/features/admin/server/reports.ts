/**
 * The month at a glance and the accountant's exports (docs/decisions/041-admin-search-and-reports.md),
 * computed on each request from the orders money moved for in the period (with their refunds and
 * extra payments), the projects worked on and the consults booked in it, each found through its
 * store's day keys: a period's figures read that period's records, however long the business has run.
 * Months and days are those of the business time zone.
 */
import { DateTime } from 'luxon';
import { localDate } from '#features/consults/consult-format';
import { type Project } from '#features/projects/project';
import { finishedAt } from '#features/projects/process';
import { centsAsDecimal } from '#lib/money';
import { lineLabel, orderStateLabel, paidAtOf as paidAt, type Order } from '#features/orders/order';
import { refundedCents, refundStateLabel } from '#lib/refunds';
import { site } from '#lib/site';
import {
  BUSINESS_TIME_ZONE,
  lastDayOf,
  monthsFrom,
  returnedLate,
  type EditorTotals,
  type ExportKind,
  type MonthTotals,
  type MonthsReport,
} from '../reports';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { editorNames } from '#features/editors/server/preferred-editor';
import { ordersRepo } from '#features/orders/server/orders.repo';
import type { DeployInfo } from '#server/storage/stores';

const monthOf = (iso: string) => localDate(iso, BUSINESS_TIME_ZONE).slice(0, 7);

/**
 * Who had the project when `at` came: a reassignment moves it to the next editor, so the editors in
 * turn are the previous assignments' and then the current one.
 */
function editorAt(project: Project, at: string): string {
  const reassignedBefore = project.history.filter((event) => event.type === 'reassign' && event.at <= at).length;
  return (
    [...project.previousAssignments.map((previous) => previous.editorId), project.editor.id][reassignedBefore] ??
    project.editor.id
  );
}

const emptyMonth = (month: string): MonthTotals => ({
  month,
  revenueCents: 0,
  refundsCents: 0,
  netCents: 0,
  orders: 0,
  projectsFinished: 0,
  lateRounds: 0,
  onTimeRounds: 0,
  consultsBooked: 0,
});

/** The report of the months `from` to `to` ('YYYY-MM', both included) from what is stored. */
function computeMonths(
  { from, to }: { from: string; to: string },
  data: {
    orders: Order[];
    projects: Project[];
    consultsBookedAt: string[];
    names: Map<string, string>;
    /** How many projects each editor has open now. */
    open: Map<string, number>;
  },
): MonthsReport {
  const months = new Map(monthsFrom(from, to).map((month) => [month, emptyMonth(month)]));
  const inRange = (iso: string | null | undefined) => (iso ? months.get(monthOf(iso)) : undefined);
  const editors = new Map<string, EditorTotals>();
  const editor = (id: string, name?: string) => {
    let found = editors.get(id);
    if (!found) {
      found = {
        editorId: id,
        name: data.names.get(id) ?? name ?? id,
        projectsOpen: 0,
        projectsFinished: 0,
        roundsOnTime: 0,
        roundsLate: 0,
      };
      editors.set(id, found);
    }
    return found;
  };
  for (const [id, name] of data.names) editor(id, name);
  for (const [id, open] of data.open) editor(id).projectsOpen += open;

  for (const order of data.orders) {
    const paid = inRange(paidAt(order));
    if (paid) {
      paid.revenueCents += order.totalCents;
      paid.orders += 1;
    }
    for (const refund of order.refunds ?? []) {
      const month = refund.state === 'failed' ? undefined : inRange(refund.createdAt);
      if (month) month.refundsCents += refund.amountCents;
    }
  }
  for (const project of data.projects) {
    const finished = inRange(finishedAt(project));
    if (finished) {
      finished.projectsFinished += 1;
      editor(project.editor.id, project.editor.name).projectsFinished += 1;
    }
    for (const round of project.rounds) {
      const month = inRange(round.returnedAt);
      if (!month || round.returnedAt === null) continue;
      const late = returnedLate(round);
      const by = editor(editorAt(project, round.returnedAt));
      if (late) {
        month.lateRounds += 1;
        by.roundsLate += 1;
      } else {
        month.onTimeRounds += 1;
        by.roundsOnTime += 1;
      }
    }
  }
  for (const bookedAt of data.consultsBookedAt) {
    const month = inRange(bookedAt);
    if (month) month.consultsBooked += 1;
  }

  const list = [...months.values()].map((month) => ({ ...month, netCents: month.revenueCents - month.refundsCents }));
  const { month: _month, ...zero } = emptyMonth('');
  const total = list.reduce((sum, { month: _m, ...m }) => {
    for (const key of Object.keys(zero) as (keyof typeof zero)[]) sum[key] += m[key];
    return sum;
  }, zero);
  return {
    from,
    to,
    timeZone: BUSINESS_TIME_ZONE,
    months: list,
    total,
    editors: [...editors.values()].sort((a, b) => a.name.localeCompare(b.name) || a.editorId.localeCompare(b.editorId)),
  };
}

/** The month report, read from storage: the orders, projects and consult bookings of its months. */
export async function monthsReport(range: { from: string; to: string }, info: DeployInfo): Promise<MonthsReport> {
  const { start, end } = periodBounds(`${range.from}-01`, lastDayOf(range.to));
  const [from, to] = [new Date(start), new Date(end)];
  const [orders, projects, bookings, names] = await Promise.all([
    ordersRepo(info).withMoneyBetween(from, to),
    projectsRepo(info).workedBetween(from, to),
    consultsRepo(info).bookedBetween(from, to),
    editorNames(info),
  ]);
  return computeMonths(range, {
    orders,
    projects,
    consultsBookedAt: bookings.map((booking) => booking.createdAt),
    names,
    open: await projectsRepo(info).openByEditor([...names.keys()]),
  });
}

// --- The accountant's CSV files ---------------------------------------------------------------------

/** The instants a period of days of the business time zone covers: from its first midnight to the one after its last day. */
export function periodBounds(from: string, to: string): { start: number; end: number } {
  const zone = { zone: BUSINESS_TIME_ZONE };
  return {
    start: DateTime.fromISO(from, zone).startOf('day').toMillis(),
    end: DateTime.fromISO(to, zone).plus({ days: 1 }).startOf('day').toMillis(),
  };
}

/** An instant as the business's wall clock reads it, '2026-03-01 09:05:00'. */
export const businessTime = (iso: string) =>
  DateTime.fromISO(iso).setZone(BUSINESS_TIME_ZONE).toFormat('yyyy-MM-dd HH:mm:ss');

const zoneNote = `(${BUSINESS_TIME_ZONE})`;

/** Each export's header row and its rows for the orders of one period, oldest first. */
export function exportRows(kind: ExportKind, orders: Order[], period: { start: number; end: number }): string[][] {
  const within = (iso: string | null | undefined): iso is string =>
    Boolean(iso) && Date.parse(iso!) >= period.start && Date.parse(iso!) < period.end;
  const byTime = (rows: { at: string; row: string[] }[]) =>
    rows.sort((a, b) => a.at.localeCompare(b.at)).map(({ row }) => row);

  if (kind === 'orders') {
    const header = [
      'Order',
      `Paid at ${zoneNote}`,
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
    ];
    const rows = orders.flatMap((order) => {
      const at = paidAt(order);
      if (!within(at)) return [];
      // A speed upgrade's fee is its add-on line: the turnaround it gives is not a second item.
      const items = [
        ...order.serviceLines.map(lineLabel),
        ...order.addOnLines.filter((line) => line.chargedCents > 0).map((line) => line.title),
      ];
      const refunded = refundedCents(order);
      const row = [
        order.id,
        businessTime(at),
        orderStateLabel(order),
        order.customer.email,
        order.student.parentName,
        order.student.studentName,
        order.editor.name,
        items.join('; '),
        centsAsDecimal(order.totalCents),
        centsAsDecimal(refunded),
        centsAsDecimal(order.totalCents - refunded),
        order.payment.paymentIntent ?? '',
      ];
      return [{ at, row }];
    });
    return [header, ...byTime(rows)];
  }

  if (kind === 'refunds') {
    const header = [
      'Refund',
      'Order',
      `Made at ${zoneNote}`,
      'Amount',
      'State',
      'Kind',
      'By',
      'Reason',
      'Projects cancelled',
      'Provider refund id',
      'Failure',
    ];
    const rows = orders.flatMap((order) => [
      ...(order.refunds ?? [])
        .filter((refund) => within(refund.createdAt))
        .map((refund) => ({
          at: refund.createdAt,
          row: [
            refund.id,
            order.id,
            businessTime(refund.createdAt),
            centsAsDecimal(refund.amountCents),
            refundStateLabel[refund.state],
            'Order refund',
            refund.actor,
            refund.reason,
            refund.projectIds.join('; '),
            refund.providerId ?? '',
            refund.failure ?? '',
          ],
        })),
      ...(order.extraPayments ?? [])
        .filter((extra) => within(extra.receivedAt))
        .map((extra) => ({
          at: extra.receivedAt,
          row: [
            `extra-${extra.sessionId}`,
            order.id,
            businessTime(extra.receivedAt),
            centsAsDecimal(extra.amountCents),
            refundStateLabel[extra.refund.state],
            'Extra payment returned',
            site.name,
            'A second payment for the same order',
            '',
            extra.refund.providerId ?? '',
            extra.refund.failure ?? '',
          ],
        })),
    ]);
    return [header, ...byTime(rows)];
  }

  const header = [
    'Received at ' + zoneNote,
    'Order',
    'Amount',
    'Kind',
    'Family e-mail',
    'Payment id',
    'Checkout session',
    'Mode',
  ];
  const rows = orders.flatMap((order) => {
    const at = paidAt(order);
    const own = within(at)
      ? [
          {
            at,
            row: [
              businessTime(at),
              order.id,
              centsAsDecimal(order.totalCents),
              'Order payment',
              order.customer.email,
              order.payment.paymentIntent ?? '',
              order.payment.sessionId ?? '',
              order.payment.mode,
            ],
          },
        ]
      : [];
    const extra = (order.extraPayments ?? [])
      .filter((payment) => within(payment.receivedAt))
      .map((payment) => ({
        at: payment.receivedAt,
        row: [
          businessTime(payment.receivedAt),
          order.id,
          centsAsDecimal(payment.amountCents),
          'Extra payment (refunded in full)',
          order.customer.email,
          payment.paymentIntent ?? '',
          payment.sessionId,
          order.payment.mode,
        ],
      }));
    return [...own, ...extra];
  });
  return [header, ...byTime(rows)];
}

/** One export of the days `from` to `to` (both included) as CSV rows, read from storage. */
export async function exportCsvRows(
  kind: ExportKind,
  from: string,
  to: string,
  info?: DeployInfo,
): Promise<string[][]> {
  const period = periodBounds(from, to);
  return exportRows(
    kind,
    await ordersRepo(info).withMoneyBetween(new Date(period.start), new Date(period.end)),
    period,
  );
}
