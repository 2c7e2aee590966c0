/**
 * Index keys kept beside records: empty blobs whose keys say where a record shows up (under a state,
 * under the day something happened to it). A record's keys are a function of the record alone, so
 * a write adds the keys the new version has and the old one lacked before it writes the record, and
 * removes the ones it no longer has after. A write cut between the two leaves at most a key too many,
 * which every reader skips by checking the record it reads: never a record missing from a list.
 */
import { listKeys, PERIOD_READS_AT_ONCE, readRecords } from './paging';
import type { Store } from './store';

/**
 * Words are people's names and addresses: one the record no longer has goes before the record is
 * written, so a cut can never leave it behind (at worst the record is not found by it until written).
 */
const goesFirst = (key: string) => key.startsWith('words/');

/**
 * Writes the keys `after` adds to `before` and the change `marks` (changeMarks), then the record
 * (`write`), then drops the keys it removed (those `first` names, the words by default, before the record).
 */
export async function writeWithKeys(
  store: Store,
  before: readonly string[],
  after: readonly string[],
  write: () => Promise<boolean>,
  marks: readonly string[] = [],
  first: (key: string) => boolean = goesFirst,
): Promise<boolean> {
  const added = [...after.filter((key) => !before.includes(key)), ...marks];
  const removed = before.filter((key) => !after.includes(key));
  await Promise.all([
    ...added.map((key) => store.set(key, '')),
    ...removed.filter(first).map((key) => store.delete(key)),
  ]);
  if (!(await write())) {
    // Someone else's version is stored: it may still have those words.
    await Promise.all(removed.filter(first).map((key) => store.set(key, '')));
    return false;
  }
  await Promise.all(removed.filter((key) => !first(key)).map((key) => store.delete(key)));
  return true;
}

/** The UTC day of an instant, '2026-03-01': a day key needs no time zone to be written. */
export const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** `<root>/<UTC day>/<id>` for each distinct day of `instants`. */
export const dayKeys = (root: string, id: string, instants: readonly string[]) => [
  ...new Set(instants.map((at) => `${root}/${utcDay(at)}/${id}`)),
];

/**
 * The UTC months from `from` to `to`, both included, as key prefixes under `root`
 * ('slots/2026-11-'): a fortnight or a month is one listing, at most two.
 */
export function monthPrefixes(root: string, from: Date, to: Date): string[] {
  const months: string[] = [];
  const last = to.toISOString().slice(0, 7);
  for (
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth()));
    ;
    month.setUTCMonth(month.getUTCMonth() + 1)
  ) {
    const name = month.toISOString().slice(0, 7);
    if (name > last) return months;
    months.push(`${root}/${name}-`);
  }
}

/**
 * The ids under `<root>/<day>/` for the UTC days of the instants `from` (included) to `to`
 * (excluded): one listing per UTC month, whatever came before or after.
 */
export async function idsOfDays(store: Store, root: string, from: Date, to: Date): Promise<string[]> {
  const last = new Date(to.getTime() - 1);
  const [first, end] = [utcDay(from.toISOString()), utcDay(last.toISOString())];
  const lists = await Promise.all(monthPrefixes(root, from, last).map((prefix) => listKeys(store, { prefix })));
  return [
    ...new Set(
      lists.flat().flatMap((key) => {
        const [, day, id] = key.split('/');
        return day >= first && day <= end ? [id] : [];
      }),
    ),
  ];
}

/** The records under `idsOfDays`, read PERIOD_READS_AT_ONCE at a time (a period holds thousands). */
export async function recordsOfDays<T>(store: Store, root: string, from: Date, to: Date) {
  return readRecords<T>(store, await idsOfDays(store, root, from, to), PERIOD_READS_AT_ONCE);
}

/** What happened to a record, when: the events a period's figures count. */
export interface DatedEvent {
  at: string;
  detail: unknown;
}

/**
 * A day's figures are kept once it is this old; a change to an older day's events is marked. Short,
 * so a report reads little more than today from the records: a change to an earlier day costs a mark.
 */
export const SETTLED_AFTER_MS = 2 * 60 * 60 * 1000;
/**
 * A marked change is stored (or has failed) within this of its mark, the mark being written just
 * before the record: figures read later than that after the newest mark include every marked change.
 */
export const MARKED_CHANGE_LANDS_MS = 30 * 60 * 1000;
const CHANGED = 'changed';

/**
 * `<root>/<UTC day>/<time>-<random>` (`changed/` by default) for each settled day (older than
 * SETTLED_AFTER_MS) whose events differ between the record `before` and `after` (a refund that failed
 * weeks later): what is kept for that day is counted again. Marks are never removed; they are rare.
 */
export function changeMarks(
  before: readonly DatedEvent[],
  after: readonly DatedEvent[],
  now: Date,
  root = CHANGED,
): string[] {
  const settled = utcDay(new Date(now.getTime() - SETTLED_AFTER_MS).toISOString());
  const byDay = (events: readonly DatedEvent[]) => {
    const days = new Map<string, string[]>();
    for (const { at, detail } of events)
      days.set(utcDay(at), [...(days.get(utcDay(at)) ?? []), JSON.stringify(detail)]);
    return new Map([...days].map(([day, details]) => [day, details.sort().join('\n')]));
  };
  const [was, is] = [byDay(before), byDay(after)];
  const days = [...new Set([...was.keys(), ...is.keys()])].filter(
    (day) => day < settled && was.get(day) !== is.get(day),
  );
  const stamp = `${now.toISOString()}-${crypto.randomUUID().slice(0, 8)}`;
  return days.map((day) => `${root}/${day}/${stamp}`);
}

/** The change marks under `root` of the UTC days of the instants `from` (included) to `to` (excluded), as day and mark time. */
export async function marksOfDays(
  store: Store,
  from: Date,
  to: Date,
  root = CHANGED,
): Promise<{ day: string; at: string }[]> {
  const last = new Date(to.getTime() - 1);
  const [first, end] = [utcDay(from.toISOString()), utcDay(last.toISOString())];
  const lists = await Promise.all(monthPrefixes(root, from, last).map((prefix) => listKeys(store, { prefix })));
  return lists.flat().flatMap((key) => {
    const [, day, at] = key.split('/');
    return day >= first && day <= end ? [{ day, at }] : [];
  });
}

/** `<root>/<word>/<id>` for each word a record is found by (searchWords); `id` holds no '/'. */
export const wordKeys = (id: string, words: readonly string[], root = 'words') =>
  words.map((word) => `${root}/${word}/${id}`);

/** Few enough records to read and check: no further word is listed to narrow them. */
const FEW = 100;

/**
 * How much of a list a search may read: at most `keys` keys of each word and `records` records. The
 * lookup sets `more` when the list held more than that: the search then says so, and asks for more
 * of the name or address. An export or a closure passes none, and reads every match.
 */
export interface WordLimit {
  keys: number;
  records: number;
  more: boolean;
}

/**
 * The ids of records with a word starting with each of `words`, or a few more: the keys of the words
 * each begins are listed, the longest (the rarest, as a rule) first, and intersected until few are
 * left. The caller checks each record it reads. With `limit`, a word with more keys than it allows
 * narrows nothing; should every word have more, the first keys of the longest are read.
 */
export async function idsWithWords(
  store: Store,
  words: readonly string[],
  root = 'words',
  limit?: WordLimit,
): Promise<string[]> {
  let ids: string[] | null = null;
  let longest: string[] | null = null;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    const { keys, more } = await store.listUpTo(`${root}/${word}`, limit?.keys ?? Number.POSITIVE_INFINITY);
    const found = new Set(keys.map((key) => key.slice(key.lastIndexOf('/') + 1)));
    if (more) {
      longest ??= [...found];
      continue;
    }
    ids = ids === null ? [...found] : ids.filter((id) => found.has(id));
    if (ids.length <= FEW) break;
  }
  if (!limit) return ids ?? [];
  if (ids === null || ids.length > limit.records) limit.more = true;
  return (ids ?? longest ?? []).slice(0, limit.records);
}

/** Whether `iso` falls from `from` (included) to `to` (excluded). */
export const within = (iso: string | null | undefined, from: Date, to: Date): iso is string =>
  Boolean(iso) && Date.parse(iso!) >= from.getTime() && Date.parse(iso!) < to.getTime();

/**
 * Makes the keys under `roots` agree with the records as they are now: each record's missing keys are
 * written; with `removeStray`, keys no record backs go too (only with nothing writing meanwhile: a
 * write in flight has its new key before its record). Then writes `marker`, which says every record
 * has its keys. Answers what it wrote and removed.
 */
export async function rebuildKeys<T>(
  store: Store,
  spec: {
    roots: readonly string[];
    marker: string;
    /** Which of the store's keys are records. */
    isRecord: (key: string) => boolean;
    keysOf: (record: T) => string[];
    removeStray?: boolean;
  },
): Promise<{ written: number; removed: number }> {
  const keys = await listKeys(store);
  const records = await readRecords<T>(store, keys.filter(spec.isRecord));
  return syncKeys(store, { ...spec, expected: records.flatMap(({ value }) => spec.keysOf(value)), present: keys });
}

/**
 * Writes the `expected` keys under `roots` that `store` lacks and (`removeStray`) deletes those no
 * record backs, then `marker`. `present`: the store's keys, when already listed.
 */
export async function syncKeys(
  store: Store,
  spec: {
    roots: readonly string[];
    marker: string;
    expected: readonly string[];
    present?: readonly string[];
    removeStray?: boolean;
  },
): Promise<{ written: number; removed: number }> {
  const expected = new Set(spec.expected);
  const listed =
    spec.present ?? (await Promise.all(spec.roots.map((root) => listKeys(store, { prefix: `${root}/` })))).flat();
  const stored = new Set(listed.filter((key) => spec.roots.some((root) => key.startsWith(`${root}/`))));
  const missing = [...expected].filter((key) => !stored.has(key));
  const stray = spec.removeStray ? [...stored].filter((key) => !expected.has(key)) : [];
  for (let start = 0; start < missing.length; start += 32)
    await Promise.all(missing.slice(start, start + 32).map((key) => store.set(key, '')));
  for (let start = 0; start < stray.length; start += 32)
    await Promise.all(stray.slice(start, start + 32).map((key) => store.delete(key)));
  await store.set(spec.marker, '');
  return { written: missing.length, removed: stray.length };
}

/** Runs `rebuild` first when `marker` is missing: records stored before their keys existed get them once. */
export async function keysComplete(store: Store, marker: string, rebuild: () => Promise<unknown>): Promise<void> {
  if ((await store.get(marker, { type: 'text' })) === null) await rebuild();
}
