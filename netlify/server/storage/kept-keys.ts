/**
 * Index keys kept beside records: empty blobs whose keys say where a record shows up (under a state,
 * under the day something happened to it). A record's keys are a function of the record alone, so
 * a write adds the keys the new version has and the old one lacked before it writes the record, and
 * removes the ones it no longer has after. A write cut between the two leaves at most a key too many,
 * which every reader skips by checking the record it reads: never a record missing from a list.
 */
import { listKeys, readRecords } from './paging';
import type { Store } from './store';

/** Writes the keys `after` adds to `before`, then the record (`write`), then drops those it removed. */
export async function writeWithKeys(
  store: Store,
  before: readonly string[],
  after: readonly string[],
  write: () => Promise<boolean>,
): Promise<boolean> {
  const added = after.filter((key) => !before.includes(key));
  const removed = before.filter((key) => !after.includes(key));
  await Promise.all(added.map((key) => store.set(key, '')));
  if (!(await write())) return false;
  await Promise.all(removed.map((key) => store.delete(key)));
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
  const expected = new Set(records.flatMap(({ value }) => spec.keysOf(value)));
  const stored = new Set(keys.filter((key) => spec.roots.some((root) => key.startsWith(`${root}/`))));
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
