/**
 * The month at a glance and the accountant's exports (docs/decisions/041-admin-search-and-reports.md),
 * computed on each request from the orders money moved for in the period (with their refunds and
 * extra payments), the projects worked on and the consults booked in it, each found through its
 * store's day keys: a period's figures read that period's records, however long the business has run.
 * Months and days are those of the business time zone.
 */
import { DateTime } from 'luxon';
import { periodBounds } from './period';
import { localDate } from '#features/consults/consult-format';
import { type Project } from '#features/projects/project';
import { editorAt, finishedAt } from '#features/projects/process';
import { centsAsDecimal } from '#lib/money';
import { lineLabel, orderStateLabel, paidAtOf as paidAt, type Order } from '#features/orders/order';
import { refundedCents, refundStateLabel } from '#lib/refunds';
import { site } from '#lib/site';
import {
  addDays,
  addMonths,
  BUSINESS_TIME_ZONE,
  daysFrom,
  lastDayOf,
  monthsFrom,
  REPORT_LIMITS,
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
import { ledgerRepo } from '#features/payouts/server/ledger';
import { openStore, StorageError, type DeployInfo } from '#server/storage/stores';
import { MARKED_CHANGE_LANDS_MS, SETTLED_AFTER_MS, utcDay } from '#server/storage/kept-keys';
import { readRecords } from '#server/storage/paging';

/** Each editor's share of a day's figures (the name the project knew them by, for an editor since removed). */
type EditorPart = Pick<EditorTotals, 'projectsFinished' | 'roundsOnTime' | 'roundsLate'> & { name?: string };
type Figures = Omit<MonthTotals, 'month' | 'netCents' | 'editorsEarnedCents' | 'platformCents'>;
/** The report of the orders and projects, before the editors' earnings and the platform's share are added. */
type WithoutShares = Omit<MonthsReport, 'months' | 'total'> & {
  months: (Figures & { month: string; netCents: number })[];
  total: Figures & { netCents: number };
};
/** One day of the business time zone: its figures and each editor's share. */
interface DayPart {
  figures: Figures;
  editors: Record<string, EditorPart>;
}
/** A settled day's (or whole month's) figures as kept, with the newest change mark they include (null: none). */
interface KeptDay {
  part: DayPart;
  basis: string | null;
}

const noFigures = (): Figures => ({
  revenueCents: 0,
  refundsCents: 0,
  orders: 0,
  projectsFinished: 0,
  lateRounds: 0,
  onTimeRounds: 0,
  consultsBooked: 0,
});

/** The figures of the business days `days` from the records of those days. */
function dayParts(
  days: readonly string[],
  data: { orders: Order[]; projects: Project[]; consultsBookedAt: string[] },
): Map<string, DayPart> {
  const parts = new Map(days.map((day): [string, DayPart] => [day, { figures: noFigures(), editors: {} }]));
  const on = (iso: string | null | undefined) => (iso ? parts.get(localDate(iso, BUSINESS_TIME_ZONE)) : undefined);
  const editor = (part: DayPart, id: string, name?: string) =>
    (part.editors[id] ??= { projectsFinished: 0, roundsOnTime: 0, roundsLate: 0, ...(name && { name }) });

  for (const order of data.orders) {
    const paid = on(paidAt(order));
    if (paid) {
      paid.figures.revenueCents += order.totalCents;
      paid.figures.orders += 1;
    }
    for (const refund of order.refunds ?? []) {
      const day = refund.state === 'failed' ? undefined : on(refund.createdAt);
      if (day) day.figures.refundsCents += refund.amountCents;
    }
  }
  for (const project of data.projects) {
    const finished = finishedAt(project);
    const finishedOn = on(finished);
    if (finishedOn) {
      finishedOn.figures.projectsFinished += 1;
      editor(finishedOn, project.editor.id, project.editor.name).projectsFinished += 1;
    }
    for (const round of project.rounds) {
      const day = on(round.returnedAt);
      if (!day || round.returnedAt === null) continue;
      const by = editor(day, editorAt(project, round.returnedAt));
      if (returnedLate(round)) {
        day.figures.lateRounds += 1;
        by.roundsLate += 1;
      } else {
        day.figures.onTimeRounds += 1;
        by.roundsOnTime += 1;
      }
    }
  }
  for (const bookedAt of data.consultsBookedAt) {
    const day = on(bookedAt);
    if (day) day.figures.consultsBooked += 1;
  }
  return parts;
}

/** The report of the months `from` to `to` ('YYYY-MM', both included) from the figures of their days. */
function combine(
  { from, to }: { from: string; to: string },
  parts: Map<string, DayPart>,
  names: Map<string, string>,
  /** How many projects each editor has open now. */
  open: Map<string, number>,
): WithoutShares {
  const months = new Map(monthsFrom(from, to).map((month) => [month, { month, ...noFigures() }]));
  const editors = new Map<string, EditorTotals>();
  const editor = (id: string, name?: string) => {
    let found = editors.get(id);
    if (!found) {
      found = {
        editorId: id,
        name: names.get(id) ?? name ?? id,
        projectsOpen: 0,
        projectsFinished: 0,
        roundsOnTime: 0,
        roundsLate: 0,
      };
      editors.set(id, found);
    }
    return found;
  };
  for (const [id, name] of names) editor(id, name);
  for (const [id, count] of open) editor(id).projectsOpen += count;

  const byMonth = new Map<string, DayPart[]>();
  for (const [dayOrMonth, part] of parts)
    byMonth.set(dayOrMonth.slice(0, 7), [...(byMonth.get(dayOrMonth.slice(0, 7)) ?? []), part]);
  for (const [month, inMonth] of byMonth) Object.assign(months.get(month)!, sumOf(inMonth).figures);
  for (const [id, { name, ...counts }] of Object.entries(sumOf([...parts.values()]).editors))
    Object.assign(editor(id, name), counts);

  const list = [...months.values()].map((month) => ({ ...month, netCents: month.revenueCents - month.refundsCents }));
  const zero = { ...noFigures(), netCents: 0 };
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

const DAY_MS = 24 * 60 * 60 * 1000;
const keptDays = (info: DeployInfo) => openStore('report-days', info);
const keptKey = (day: string) => `days/${day}`;
const keptMonthKey = (month: string) => `months/${month}`;
/** The instants of the business days `from` to `to`. */
const instantsOf = (from: string, to: string) => {
  const { start, end } = periodBounds(from, to);
  return [new Date(start), new Date(end)] as const;
};

/** A run of consecutive days is read at once; a long one in weeks, each kept before the next is read. */
const RUN_DAYS = 7;

/** The days of `days` in runs of consecutive days, at most RUN_DAYS each. */
function runsOf(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.length < RUN_DAYS && addDays(run.at(-1)!, 1) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** The sum of day parts. */
function sumOf(parts: readonly DayPart[]): DayPart {
  const sum: DayPart = { figures: noFigures(), editors: {} };
  for (const part of parts) {
    for (const key of Object.keys(sum.figures) as (keyof Figures)[]) sum.figures[key] += part.figures[key];
    for (const [id, share] of Object.entries(part.editors)) {
      const into = (sum.editors[id] ??= { projectsFinished: 0, roundsOnTime: 0, roundsLate: 0 });
      into.projectsFinished += share.projectsFinished;
      into.roundsOnTime += share.roundsOnTime;
      into.roundsLate += share.roundsLate;
      if (share.name) into.name = share.name;
    }
  }
  return sum;
}

/**
 * The figures of the business days `from` to `to` (up to today), each under its day, or under its
 * month ('YYYY-MM') for a whole month kept as one. A settled day's figures (settled: every UTC day it
 * touches is older than SETTLED_AFTER_MS) are counted once from its records and kept; a change to a
 * settled day's records leaves a mark (kept-keys.ts), and kept figures that do not include their
 * day's newest mark are counted again. Recent days are always counted from their records. A whole
 * settled month whose days could all be kept is kept as one sum too, so a year's report reads twelve
 * kept months and the current month's days, however many orders they hold. `kept` hears how many
 * days each run counted from the records kept.
 */
async function dayFigures(
  { from, to }: { from: string; to: string },
  info: DeployInfo,
  now: Date,
  kept: (days: number) => void = () => {},
): Promise<Map<string, DayPart>> {
  const today = localDate(now.toISOString(), BUSINESS_TIME_ZONE);
  const days = daysFrom(from, to < today ? to : today);
  const [start, end] = instantsOf(from, to);
  // A mark on a UTC day touches the business days around it; marks are read before any record.
  const [orderMarks, projectMarks] = await Promise.all([
    ordersRepo(info).changesBetween(new Date(start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS)),
    projectsRepo(info).changesBetween(new Date(start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS)),
  ]);
  const newest = new Map<string, string>();
  for (const mark of [...orderMarks, ...projectMarks])
    for (const day of [addDays(mark.day, -1), mark.day, addDays(mark.day, 1)])
      if (!newest.has(day) || newest.get(day)! < mark.at) newest.set(day, mark.at);
  const basis = (day: string) => newest.get(day) ?? null;

  const settledBefore = utcDay(new Date(now.getTime() - SETTLED_AFTER_MS).toISOString());
  const settled = (day: string) =>
    utcDay(new Date(instantsOf(day, day)[1].getTime() - 1).toISOString()) < settledBefore;
  // Kept only once the newest mark's change has surely landed (or failed): figures read before it might lack it.
  const keepable = (day: string) =>
    settled(day) &&
    (basis(day) === null || Date.parse(basis(day)!.slice(0, 24)) < now.getTime() - MARKED_CHANGE_LANDS_MS);

  // The whole months of the period that are settled, each with its days and the newest mark they include.
  const monthDays = new Map<string, string[]>();
  for (const day of days) monthDays.set(day.slice(0, 7), [...(monthDays.get(day.slice(0, 7)) ?? []), day]);
  const wholeMonths = [...monthDays]
    .filter(([month, inMonth]) => inMonth[0] === `${month}-01` && inMonth.at(-1) === lastDayOf(month))
    .filter(([, inMonth]) => settled(inMonth.at(-1)!))
    .map(([month, inMonth]) => {
      const bases = inMonth.map(basis).filter((b): b is string => b !== null);
      return { month, days: inMonth, basis: bases.length ? bases.reduce((a, b) => (a > b ? a : b)) : null };
    });

  const store = keptDays(info);
  const parts = new Map<string, DayPart>();
  const keptMonths = await readRecords<KeptDay>(
    store,
    wholeMonths.map(({ month }) => keptMonthKey(month)),
  );
  const monthsKept = new Set<string>();
  for (const { key, value } of keptMonths) {
    const month = key.slice(keptMonthKey('').length);
    if (value.basis !== wholeMonths.find((m) => m.month === month)!.basis) continue;
    parts.set(month, value.part);
    monthsKept.add(month);
  }
  const counted = new Map<string, DayPart>();
  const wanted = days.filter((day) => !monthsKept.has(day.slice(0, 7)));
  for (const { key, value } of await readRecords<KeptDay>(store, wanted.filter(settled).map(keptKey))) {
    const day = key.slice(keptKey('').length);
    if (value.basis === basis(day)) counted.set(day, value.part);
  }
  for (const run of runsOf(wanted.filter((day) => !counted.has(day)))) {
    const [runFrom, runTo] = instantsOf(run[0], run.at(-1)!);
    const [orders, projects, bookings] = await Promise.all([
      ordersRepo(info).withMoneyBetween(runFrom, runTo),
      projectsRepo(info).workedBetween(runFrom, runTo),
      consultsRepo(info).bookedBetween(runFrom, runTo),
    ]);
    const figures = dayParts(run, { orders, projects, consultsBookedAt: bookings.map((b) => b.createdAt) });
    // Kept as each run is counted: a report cut short by its time limit leaves its counted days for the next.
    const keeping = [...figures].filter(([day]) => keepable(day));
    await Promise.all(
      keeping.map(([day, part]) => store.setJSON(keptKey(day), { part, basis: basis(day) } satisfies KeptDay)),
    );
    for (const [day, part] of figures) counted.set(day, part);
    kept(keeping.length);
  }
  // A whole month all of whose days could be kept is kept as one, with the newest mark its days include.
  await Promise.all(
    wholeMonths
      .filter(({ month, days: inMonth }) => !monthsKept.has(month) && inMonth.every(keepable))
      .map(({ month, days: inMonth, basis: monthBasis }) =>
        store.setJSON(keptMonthKey(month), {
          part: sumOf(inMonth.map((day) => counted.get(day)!)),
          basis: monthBasis,
        } satisfies KeptDay),
      ),
  );
  for (const [day, part] of counted) parts.set(day, part);
  return parts;
}

/** The month report of the months `from` to `to` ('YYYY-MM', both included). */
export async function monthsReport(
  range: { from: string; to: string },
  info: DeployInfo,
  now = new Date(),
): Promise<MonthsReport> {
  const [parts, names, earned] = await Promise.all([
    dayFigures({ from: `${range.from}-01`, to: lastDayOf(range.to) }, info, now),
    editorNames(info),
    editorsEarnedByMonth(range, info),
  ]);
  const report = combine(range, parts, names, await projectsRepo(info).openByEditor([...names.keys()]));
  const withShare = <T extends { netCents: number }>(figures: T, earnedCents: number) => ({
    ...figures,
    editorsEarnedCents: earnedCents,
    platformCents: figures.netCents - earnedCents,
  });
  const months = report.months.map((m) => withShare(m, earned.get(m.month) ?? 0));
  return {
    ...report,
    months,
    total: withShare(
      report.total,
      months.reduce((sum, m) => sum + m.editorsEarnedCents, 0),
    ),
  };
}

/**
 * What editors earned per month of the business's time zone, less what refunds took back: from the
 * ledger's keys of the years the months touch (a key listing per year and kind, no entry read).
 */
async function editorsEarnedByMonth(range: { from: string; to: string }, info: DeployInfo) {
  // A month in New York ends hours into the next UTC month: the year after `to` may hold some of it.
  const years = new Set(monthsFrom(range.from, addMonths(range.to, 1)).map((month) => `${month.slice(0, 4)}-`));
  const ledger = ledgerRepo(info);
  const entries = (
    await Promise.all([ledger.byTime('earning', [...years]), ledger.byTime('reversal', [...years])])
  ).flat();
  const earned = new Map<string, number>();
  for (const entry of entries) {
    const month = localDate(entry.at, BUSINESS_TIME_ZONE).slice(0, 7);
    earned.set(month, (earned.get(month) ?? 0) + entry.cents);
  }
  return earned;
}

/**
 * Counts and keeps the settled days of the longest report (REPORT_LIMITS.maxMonths) not yet kept, oldest
 * first, for as long as the run's storage time lasts: run by the schedule, so the owner's report reads
 * kept days. Answers how many days it kept, and whether it saw them all.
 */
export async function keepSettledDays(
  info: DeployInfo,
  now = new Date(),
): Promise<{ kept: number; complete: boolean }> {
  const month = localDate(now.toISOString(), BUSINESS_TIME_ZONE).slice(0, 7);
  let kept = 0;
  try {
    await dayFigures(
      { from: `${addMonths(month, 1 - REPORT_LIMITS.maxMonths)}-01`, to: lastDayOf(month) },
      info,
      now,
      (days) => (kept += days),
    );
    return { kept, complete: true };
  } catch (error) {
    // Out of time (or storage out): what was counted is kept; the next run goes on.
    if (!(error instanceof StorageError)) throw error;
    console.error(`Report days: ${kept} kept before storage stopped:`, error.message);
    return { kept, complete: false };
  }
}

// --- The accountant's CSV files ---------------------------------------------------------------------

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
      'Finished projects it is for',
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
            (refund.forProjectIds ?? []).join('; '),
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
