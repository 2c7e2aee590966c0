/**
 * What the owner's reports keep of a settled business day: the month report's figures and the
 * accountant's rows. A day is settled once every UTC day it touches is older than SETTLED_AFTER_MS;
 * its value is then counted once from its records and kept in the `report-days` store with the newest
 * change mark it includes (its basis). A later change to the day's records leaves a newer mark
 * (storage/kept-keys.ts), so a kept value whose basis is not the day's newest is counted again.
 * Recent days are always counted from their records.
 */
import { periodBounds } from './period';
import { addDays, BUSINESS_TIME_ZONE, daysFrom, lastDayOf } from '../reports';
import { localDate } from '#features/consults/consult-format';
import { openStore, type DeployInfo, type Store } from '#server/storage/stores';
import { MARKED_CHANGE_LANDS_MS, SETTLED_AFTER_MS, utcDay } from '#server/storage/kept-keys';
import { PERIOD_READS_AT_ONCE, readRecords } from '#server/storage/paging';

const DAY_MS = 24 * 60 * 60 * 1000;
export const keptDaysStore = (info?: DeployInfo) => openStore('report-days', info);

/** A settled day's (or whole month's) value as kept, with the newest change mark it includes (null: none). */
interface Kept<T> {
  part: T;
  basis: string | null;
}

/** The instants of the business days `from` to `to`. */
export const instantsOf = (from: string, to: string) => {
  const { start, end } = periodBounds(from, to);
  return [new Date(start), new Date(end)] as const;
};

/** The business days `from` to `to`, both included, that have begun by `now`. */
export function daysUpToToday(from: string, to: string, now: Date): string[] {
  const today = localDate(now.toISOString(), BUSINESS_TIME_ZONE);
  return daysFrom(from, to < today ? to : today);
}

/** The instants whose change marks may touch the business days `from` to `to`: a UTC day more each side. */
export const markedAround = (from: string, to: string) => {
  const [start, end] = instantsOf(from, to);
  return [new Date(start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS)] as const;
};

/** What the change marks say of each business day at `now`. */
export interface DaysState {
  /** The newest mark touching the day, null for none. */
  basis: (day: string) => string | null;
  settled: (day: string) => boolean;
  /** Settled, and its newest mark's change has surely landed (or failed): a value read now includes it. */
  keepable: (day: string) => boolean;
}

export function daysState(marks: readonly { day: string; at: string }[], now: Date): DaysState {
  // A mark on a UTC day touches the business days around it.
  const newest = new Map<string, string>();
  for (const mark of marks)
    for (const day of [addDays(mark.day, -1), mark.day, addDays(mark.day, 1)])
      if (!newest.has(day) || newest.get(day)! < mark.at) newest.set(day, mark.at);
  const basis = (day: string) => newest.get(day) ?? null;
  const settledAt = (at: number) => {
    const before = utcDay(new Date(at - SETTLED_AFTER_MS).toISOString());
    return (day: string) => utcDay(new Date(instantsOf(day, day)[1].getTime() - 1).toISOString()) < before;
  };
  const settled = settledAt(now.getTime());
  // Settled long enough that a write which found the day unsettled (and so marked nothing) has landed.
  const settledLongEnough = settledAt(now.getTime() - MARKED_CHANGE_LANDS_MS);
  const keepable = (day: string) =>
    settledLongEnough(day) &&
    (basis(day) === null || Date.parse(basis(day)!.slice(0, 24)) < now.getTime() - MARKED_CHANGE_LANDS_MS);
  return { basis, settled, keepable };
}

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

/**
 * The value of each of `days`: a settled day's as kept under `keyOf(day)` when its basis is the day's
 * newest, the others counted by `count` a run of days at a time and kept where keepable, each run
 * before the next is read (a request cut short by its time limit leaves its counted days for the
 * next). `kept` hears how many days each run kept.
 */
async function keptOrCounted<T>({
  store,
  days,
  keyOf,
  state,
  count,
  kept = () => {},
}: {
  store: Store;
  days: readonly string[];
  keyOf: (day: string) => string;
  state: DaysState;
  count: (run: string[]) => Promise<Map<string, T>>;
  kept?: (days: number) => void;
}): Promise<Map<string, T>> {
  const values = new Map<string, T>();
  const keys = new Map(days.filter(state.settled).map((day) => [keyOf(day), day]));
  for (const { key, value } of await readRecords<Kept<T>>(store, [...keys.keys()], PERIOD_READS_AT_ONCE)) {
    const day = keys.get(key)!;
    if (value.basis === state.basis(day)) values.set(day, value.part);
  }
  for (const run of runsOf(days.filter((day) => !values.has(day)))) {
    const counted = await count(run);
    const keeping = [...counted].filter(([day]) => state.keepable(day));
    await Promise.all(
      keeping.map(([day, part]) => store.setJSON(keyOf(day), { part, basis: state.basis(day) } satisfies Kept<T>)),
    );
    for (const [day, part] of counted) values.set(day, part);
    kept(keeping.length);
  }
  return values;
}

/**
 * The values of `days`, each whole settled month's as one when kept under `monthKey` with the newest
 * mark of its days (so a year reads twelve kept months, not 365 days), the other days as
 * keptOrCounted gives them. A whole month all of whose days could be kept is kept as one, the `sum` of
 * its days. Answers values by day, or by month ('YYYY-MM') for a month kept whole.
 * `listed`: the store's keys, for a run that keeps what is not kept yet: a month or day listed with no
 * change marked on it is kept, and neither read nor answered.
 */
export async function keptByMonth<T>({
  store,
  days,
  dayKey,
  monthKey,
  state,
  count,
  sum,
  kept,
  listed,
}: {
  store: Store;
  days: readonly string[];
  dayKey: (day: string) => string;
  monthKey: (month: string) => string;
  state: DaysState;
  count: (run: string[]) => Promise<Map<string, T>>;
  sum: (parts: T[]) => T;
  kept?: (days: number) => void;
  listed?: ReadonlySet<string>;
}): Promise<Map<string, T>> {
  const unmarked = (day: string) => state.basis(day) === null;
  // The whole months of the period that are settled, each with its days and the newest mark they include.
  const monthDays = new Map<string, string[]>();
  for (const day of days) monthDays.set(day.slice(0, 7), [...(monthDays.get(day.slice(0, 7)) ?? []), day]);
  const wholeMonths = [...monthDays]
    .filter(([month, inMonth]) => inMonth[0] === `${month}-01` && inMonth.at(-1) === lastDayOf(month))
    .filter(([, inMonth]) => state.settled(inMonth.at(-1)!))
    .map(([month, inMonth]) => {
      const bases = inMonth.map(state.basis).filter((b): b is string => b !== null);
      return { month, days: inMonth, basis: bases.length ? bases.reduce((a, b) => (a > b ? a : b)) : null };
    })
    .filter(({ month, days: inMonth }) => !(listed?.has(monthKey(month)) && inMonth.every(unmarked)));
  const whole = new Set(wholeMonths.map(({ month }) => month));

  const values = new Map<string, T>();
  const monthsKept = new Set<string>();
  for (const { key, value } of await readRecords<Kept<T>>(
    store,
    wholeMonths.map(({ month }) => monthKey(month)),
  )) {
    const month = key.slice(monthKey('').length);
    if (value.basis !== wholeMonths.find((m) => m.month === month)!.basis) continue;
    values.set(month, value.part);
    monthsKept.add(month);
  }
  const wanted = days.filter((day) => {
    const month = day.slice(0, 7);
    if (monthsKept.has(month)) return false;
    if (!listed) return true;
    // A month to keep whole reads its days; else a day kept and not marked since is left alone.
    if (whole.has(month)) return true;
    return state.settled(day) && !(listed.has(dayKey(day)) && unmarked(day));
  });
  const counted = await keptOrCounted({ store, days: wanted, keyOf: dayKey, state, count, kept });
  // A whole month all of whose days could be kept is kept as one, with the newest mark its days include.
  await Promise.all(
    wholeMonths
      .filter(({ month, days: inMonth }) => !monthsKept.has(month) && inMonth.every(state.keepable))
      .map(({ month, days: inMonth, basis }) =>
        store.setJSON(monthKey(month), {
          part: sum(inMonth.map((day) => counted.get(day)!)),
          basis,
        } satisfies Kept<T>),
      ),
  );
  for (const [day, part] of counted) values.set(day, part);
  return values;
}
