/**
 * The month at a glance and the accountant's exports: what they count, over which period, and the
 * calendar arithmetic on 'YYYY-MM' months and 'YYYY-MM-DD' days of the business time zone. Without zod,
 * so the admin island can use it; reports.schema.ts holds the schemas of the queries.
 */
import { BUSINESS_TIME_ZONE } from '#lib/time';

export { BUSINESS_TIME_ZONE };

/** One month in the business time zone: money in cents, the rest counts. */
export interface MonthTotals {
  month: string;
  /** What paid orders brought in, counted in the month they were paid. */
  revenueCents: number;
  /** Refunds of orders (all but failed ones), counted in the month they were made. */
  refundsCents: number;
  netCents: number;
  /** What editors earned in the month, less what refunds took back from them (their ledger's entries). */
  editorsEarnedCents: number;
  /** What the business kept: net less the editors' earnings. */
  platformCents: number;
  /** Orders paid in the month. */
  orders: number;
  projectsFinished: number;
  /** Rounds of feedback returned in the month after their due time, and before it. */
  lateRounds: number;
  onTimeRounds: number;
  /** Consults booked in the month (whatever became of them later). */
  consultsBooked: number;
}

/** One editor over the report's months; open projects are as of now. */
export interface EditorTotals {
  editorId: string;
  name: string;
  projectsOpen: number;
  projectsFinished: number;
  roundsOnTime: number;
  roundsLate: number;
}

export interface MonthsReport {
  from: string;
  to: string;
  timeZone: string;
  months: MonthTotals[];
  total: Omit<MonthTotals, 'month'>;
  editors: EditorTotals[];
}

export const REPORT_LIMITS = {
  /** Months the report shows by default, the current one included. */
  defaultMonths: 12,
  maxMonths: 36,
  /** Days one export, or the paid period of the orders list, may span. */
  maxExportDays: 366,
} as const;

export const EXPORT_KINDS = ['orders', 'refunds', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportLabel: Record<ExportKind, string> = { orders: 'Orders', refunds: 'Refunds', payments: 'Payments' };

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A round of feedback counts as late when it came back after its due time (or the timers saw it overdue). */
export const returnedLate = (round: { returnedAt: string | null; dueAt: string; late: boolean }) =>
  round.returnedAt !== null && (round.late || Date.parse(round.returnedAt) > Date.parse(round.dueAt));

// Calendar arithmetic on dates as written: noon UTC keeps every step on the right day.
const calendar = (day: string) => new Date(`${day}T12:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** '2026-03' plus `n` months. */
export function addMonths(month: string, n: number): string {
  const date = calendar(`${month}-01`);
  date.setUTCMonth(date.getUTCMonth() + n);
  return dayOf(date).slice(0, 7);
}

/** '2026-03-01' plus `n` days. */
export const addDays = (day: string, n: number) => dayOf(new Date(calendar(day).getTime() + n * 24 * 60 * 60 * 1000));

/** The days from `from` to `to`, both included, oldest first. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The months from `from` to `to`, both included, oldest first. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The last day of a month: '2026-02' -> '2026-02-28'. */
export const lastDayOf = (month: string) =>
  dayOf(new Date(calendar(`${addMonths(month, 1)}-01`).getTime() - 24 * 60 * 60 * 1000));

/** Whether a 'YYYY-MM-DD' names a day of the calendar ('2026-02-30' does not). */
export const isCalendarDay = (day: string) => DAY_PATTERN.test(day) && dayOf(calendar(day)) === day;

/** Days from `from` to `to`, both included. */
export const daysSpanned = (from: string, to: string) =>
  Math.round((calendar(to).getTime() - calendar(from).getTime()) / (24 * 60 * 60 * 1000)) + 1;

/** The month before the one `today` is in: the accountant's period once a month has closed. */
export function lastMonthPeriod(today: string): { from: string; to: string } {
  const month = addMonths(today.slice(0, 7), -1);
  return { from: `${month}-01`, to: lastDayOf(month) };
}

/** From the first of the month `today` is in, to today: the export's default period. */
export const monthToDatePeriod = (today: string) => ({ from: `${today.slice(0, 7)}-01`, to: today });

/**
 * The same days of the month before as monthToDatePeriod names: the 1st to today's day of the month,
 * or to that month's last day when it is shorter ('2026-03-31' -> '2026-02-01' to '2026-02-28').
 */
export function sameDaysLastMonth(today: string): { from: string; to: string } {
  const month = addMonths(today.slice(0, 7), -1);
  const sameDay = `${month}-${today.slice(8)}`;
  const last = lastDayOf(month);
  return { from: `${month}-01`, to: sameDay < last ? sameDay : last };
}

/** From the Monday of the week `today` is in, to today. */
export function thisWeekPeriod(today: string): { from: string; to: string } {
  const date = calendar(today);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return { from: dayOf(new Date(date.getTime() - sinceMonday * 24 * 60 * 60 * 1000)), to: today };
}

/** The default months of the report: the last `defaultMonths`, the current one included. */
export function defaultMonths(today: string): { from: string; to: string } {
  const to = today.slice(0, 7);
  return { from: addMonths(to, 1 - REPORT_LIMITS.defaultMonths), to };
}

// Built on first use: the first Intl formatter costs a cold start about 10 ms.
let monthFormat: Intl.DateTimeFormat | undefined;
/** '2026-03' -> 'Mar 2026' */
export const monthLabel = (month: string) =>
  (monthFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })).format(
    calendar(`${month}-01`),
  );

/** The refusals of a period, as the picker says them; the server names the field before them. */
export const reportMessages = {
  monthsOrder: 'The first month must not be after the last.',
  tooManyMonths: `At most ${REPORT_LIMITS.maxMonths} months at once.`,
  noPeriod: 'Choose a first and a last day.',
  daysOrder: 'The first day must not be after the last.',
  tooManyDays: `A period spans at most ${REPORT_LIMITS.maxExportDays} days.`,
} as const;
