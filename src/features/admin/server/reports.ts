/**
 * The month at a glance and the accountant's exports (docs/decisions/041-admin-search-and-reports.md),
 * computed on each request from the orders money moved for in the period (with their refunds and
 * extra payments), the projects worked on, the consults booked and the editors' ledger entries in it,
 * each found through its store's day keys: a period's figures read that period's records, however long the business has run.
 * Months and days are those of the business time zone.
 */
import { localDate } from '#features/consults/consult-format';
import { type Project } from '#features/projects/project';
import { editorAt, finishedAt } from '#features/projects/process';
import { paidAtOf as paidAt, type Order } from '#features/orders/order';
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
import { daysState, daysUpToToday, instantsOf, keptByMonth, keptDaysStore, markedAround } from './kept-days';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { editorNames } from '#features/editors/server/preferred-editor';
import {
  EXPORT_HEADERS,
  keptRowsKey,
  keptRowsMonthKey,
  orderExportRows,
  type ExportRow,
} from '#features/orders/server/export-rows';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { ledgerRepo, type TimedEntry } from '#features/payouts/server/ledger';
import { utcDay } from '#server/storage/kept-keys';
import { StorageError, type DeployInfo } from '#server/storage/stores';
import { listKeys } from '#server/storage/paging';

/** Each editor's share of a day's figures (the name the project knew them by, for an editor since removed). */
type EditorPart = Pick<EditorTotals, 'projectsFinished' | 'roundsOnTime' | 'roundsLate'> & { name?: string };
type Figures = Omit<MonthTotals, 'month' | 'netCents' | 'platformCents'>;
/** The report of the orders, projects and earnings, before the platform's share is added. */
type WithoutShares = Omit<MonthsReport, 'months' | 'total'> & {
  months: (Figures & { month: string; netCents: number })[];
  total: Figures & { netCents: number };
};
/** One day of the business time zone: its figures and each editor's share. */
interface DayPart {
  figures: Figures;
  editors: Record<string, EditorPart>;
}

const noFigures = (): Figures => ({
  revenueCents: 0,
  refundsCents: 0,
  orders: 0,
  projectsFinished: 0,
  lateRounds: 0,
  onTimeRounds: 0,
  consultsBooked: 0,
  editorsEarnedCents: 0,
});

/** The figures of the business days `days` from the records of those days. */
function dayParts(
  days: readonly string[],
  data: { orders: Order[]; projects: Project[]; consultsBookedAt: string[]; earned: TimedEntry[] },
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
  // What editors earned, less what refunds took back.
  for (const entry of data.earned) {
    const day = on(entry.at);
    if (day) day.figures.editorsEarnedCents += entry.cents;
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

// Named apart from the figures kept before they held what editors earned, which are never read.
const keptKey = (day: string) => `figures/${day}`;
const keptMonthKey = (month: string) => `figure-months/${month}`;

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
 * month ('YYYY-MM') for a whole month kept as one: a settled day's figures are kept (kept-days.ts),
 * and a whole settled month whose days could all be kept is kept as one sum too, so a year's report
 * reads twelve kept months and the current month's days, however many orders they hold. `kept` hears
 * how many days each run counted from the records kept.
 */
async function dayFigures(
  { from, to }: { from: string; to: string },
  info: DeployInfo,
  now: Date,
  kept: (days: number) => void = () => {},
): Promise<Map<string, DayPart>> {
  const days = daysUpToToday(from, to, now);
  // Marks are read before any record.
  const marks = await Promise.all([
    ordersRepo(info).changesBetween(...markedAround(from, to)),
    projectsRepo(info).changesBetween(...markedAround(from, to)),
    ledgerRepo(info).changesBetween(...markedAround(from, to)),
  ]);
  return keptByMonth({
    store: keptDaysStore(info),
    days,
    dayKey: keptKey,
    monthKey: keptMonthKey,
    state: daysState(marks.flat(), now),
    kept,
    sum: sumOf,
    async count(run) {
      const [runFrom, runTo] = instantsOf(run[0], run.at(-1)!);
      // The ledger's entries of the run's UTC days, one key listing a day and kind, no entry read.
      const utcDays = daysFrom(utcDay(runFrom.toISOString()), utcDay(new Date(runTo.getTime() - 1).toISOString()));
      const ledger = ledgerRepo(info);
      const [orders, projects, bookings, earnings, reversals] = await Promise.all([
        ordersRepo(info).withMoneyBetween(runFrom, runTo),
        projectsRepo(info).workedBetween(runFrom, runTo),
        consultsRepo(info).bookedBetween(runFrom, runTo),
        ledger.byTime('earning', utcDays),
        ledger.byTime('reversal', utcDays),
      ]);
      return dayParts(run, {
        orders,
        projects,
        consultsBookedAt: bookings.map((b) => b.createdAt),
        earned: [...earnings, ...reversals],
      });
    },
  });
}

/** The figures of the business days `from` to `to` (both included, up to today), from kept days where it can. */
export async function periodFigures(period: { from: string; to: string }, info: DeployInfo, now = new Date()) {
  return sumOf([...(await dayFigures(period, info, now)).values()]).figures;
}

/** The month report of the months `from` to `to` ('YYYY-MM', both included). */
export async function monthsReport(
  range: { from: string; to: string },
  info: DeployInfo,
  now = new Date(),
): Promise<MonthsReport> {
  const [parts, names] = await Promise.all([
    dayFigures({ from: `${range.from}-01`, to: lastDayOf(range.to) }, info, now),
    editorNames(info),
  ]);
  const report = combine(range, parts, names, await projectsRepo(info).openByEditor([...names.keys()]));
  const withShare = <T extends { netCents: number; editorsEarnedCents: number }>(figures: T) => ({
    ...figures,
    platformCents: figures.netCents - figures.editorsEarnedCents,
  });
  return { ...report, months: report.months.map(withShare), total: withShare(report.total) };
}

/**
 * Counts and keeps what is not kept yet of the settled days of the longest report
 * (REPORT_LIMITS.maxMonths) and of the months the longest export ending today reaches
 * (REPORT_LIMITS.maxExportDays), oldest first, for as long as the run's storage time lasts: run by the
 * schedule, so the owner's report and files read kept days. Answers how many days it kept, and
 * whether it saw them all.
 */
export async function keepSettledDays(
  info: DeployInfo,
  now = new Date(),
): Promise<{ kept: number; complete: boolean }> {
  const today = localDate(now.toISOString(), BUSINESS_TIME_ZONE);
  const month = today.slice(0, 7);
  let kept = 0;
  const keeping = (days: number) => (kept += days);
  try {
    await dayFigures(
      { from: `${addMonths(month, 1 - REPORT_LIMITS.maxMonths)}-01`, to: lastDayOf(month) },
      info,
      now,
      keeping,
    );
    // From the first of the month the longest export can reach: its first month is kept whole too.
    const rowsFrom = `${addDays(today, 1 - REPORT_LIMITS.maxExportDays).slice(0, 7)}-01`;
    await dayRows(rowsFrom, today, info, now, { kept: keeping });
    return { kept, complete: true };
  } catch (error) {
    // Out of time (or storage out): what was counted is kept; the next run goes on.
    if (!(error instanceof StorageError)) throw error;
    console.error(`Report days: ${kept} kept before storage stopped:`, error.message);
    return { kept, complete: false };
  }
}

// --- The accountant's CSV files ---------------------------------------------------------------------

/** Each file's rows of one business day. */
type DayRows = Record<ExportKind, ExportRow[]>;

/** Each export's header row and its rows for the orders of one period, oldest first. */
export function exportRows(kind: ExportKind, orders: Order[], period: { start: number; end: number }): string[][] {
  const rows = orders
    .flatMap((order) => orderExportRows(order)[kind])
    .filter(({ at }) => Date.parse(at) >= period.start && Date.parse(at) < period.end);
  return [EXPORT_HEADERS[kind], ...byTime(rows)];
}

const byTime = (rows: ExportRow[]) => rows.sort((a, b) => a.at.localeCompare(b.at)).map(({ row }) => row);

/**
 * The rows of the business days `from` to `to` (up to today), each settled day's, and each whole
 * settled month's, as kept (kept-days.ts): a settled month's files read one kept blob, not its orders.
 * The rows name families: closing an account deletes the kept days and months its orders show on
 * (orders/server/export-rows.ts). `keeping`: only what is not kept, or kept before a change, is
 * counted and kept (the kept keys listed, not read), and `kept` hears how many days.
 */
async function dayRows(
  from: string,
  to: string,
  info: DeployInfo | undefined,
  now: Date,
  keeping?: { kept: (days: number) => void },
) {
  const orders = ordersRepo(info);
  const store = keptDaysStore(info);
  const listed = keeping
    ? new Set(
        (
          await Promise.all([keptRowsKey(''), keptRowsMonthKey('')].map((prefix) => listKeys(store, { prefix })))
        ).flat(),
      )
    : undefined;
  return keptByMonth<DayRows>({
    store,
    days: daysUpToToday(from, to, now),
    dayKey: keptRowsKey,
    monthKey: keptRowsMonthKey,
    state: daysState(await orders.rowChangesBetween(...markedAround(from, to)), now),
    kept: keeping?.kept,
    listed,
    sum: (parts) => ({
      orders: parts.flatMap((part) => part.orders),
      refunds: parts.flatMap((part) => part.refunds),
      payments: parts.flatMap((part) => part.payments),
    }),
    async count(run) {
      const rows = new Map(run.map((day): [string, DayRows] => [day, { orders: [], refunds: [], payments: [] }]));
      for (const order of await orders.withMoneyBetween(...instantsOf(run[0], run.at(-1)!)))
        for (const [kind, ofKind] of Object.entries(orderExportRows(order)) as [ExportKind, ExportRow[]][])
          for (const row of ofKind) rows.get(localDate(row.at, BUSINESS_TIME_ZONE))?.[kind].push(row);
      return rows;
    },
  });
}

/** One export of the days `from` to `to` (both included) as CSV rows, read from storage. */
export async function exportCsvRows(
  kind: ExportKind,
  from: string,
  to: string,
  info?: DeployInfo,
  now = new Date(),
): Promise<string[][]> {
  const days = await dayRows(from, to, info, now);
  return [EXPORT_HEADERS[kind], ...byTime([...days.values()].flatMap((rows) => rows[kind]))];
}
