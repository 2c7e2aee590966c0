/**
 * The journal of changes. Before a blob is written or deleted, the store wrapper sets
 * `<hour>/<store>/<key>` in its deploy context's `journal` store, so the hourly backup copies what
 * changed in an hour, and only that, however much the site holds (backup/export.ts).
 *
 * The entry goes first: when it cannot be written, the write is not tried and the caller is told (a
 * StorageError), so no change lands unjournaled. An entry whose write then fails or conflicts costs
 * the backup one copy of the blob as it is.
 */
import { MINUTE_MS } from '#lib/time';
import type { StoreName } from './names';
import type { Store } from './store';

/**
 * The backups and the journal themselves, the per-person rate counters, which mean nothing a minute
 * later, the report's kept days, counted again from the records, and the lists' index keys, built
 * again from the records after a restore (list-index.ts).
 */
export const NOT_JOURNALED = ['backups', 'limits', 'report-days', 'journal', 'indexes'] as const;

/**
 * Keys kept beside the records that the records rebuild (kept-keys.ts): neither journaled nor backed
 * up. After a restore, without their `*-complete` marks, the first read that needs them builds them.
 * About half an order's blobs are such keys.
 */
const REBUILT: Partial<Record<StoreName, RegExp>> = {
  orders:
    /^(by-day|by-state|by-editor|by-paid|by-paid-state|by-editor-paid|needs-you|words|changed)\/|^kept(-v\d+)?-complete$/,
  projects:
    /^(by-day|by-state|by-editor-ended|by-editor-created|by-reviewed|by-reviewed-editor|words|changed)\/|^kept(-v\d+)?-complete$/,
  consults: /^booked\/|^booked-complete$/,
};

/** Whether a change of `key` in `store` is journaled, and so backed up. */
export const isJournaled = (store: StoreName, key: string) =>
  !(NOT_JOURNALED as readonly string[]).includes(store) && !REBUILT[store]?.test(key);

/** An hour of the journal, in UTC: '2026-11-29T02'. */
export const journalHour = (ms: number) => new Date(ms).toISOString().slice(0, 13);
export const hourPattern = /^\d{4}-\d{2}-\d{2}T\d{2}$/;
export const hourStart = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

export const journalKey = (hour: string, store: StoreName, key: string) => `${hour}/${store}/${key}`;

/**
 * How long after its hour ends an hour's journal is read: a write lands within its own tries
 * (transport.ts, 3 of at most 5 s) of its entry, so by then every change the hour names has landed.
 */
export const JOURNAL_SETTLES_MS = 15 * MINUTE_MS;

let clock = () => Date.now();
/**
 * The entries this instance has written in the current hour: a blob written again within the hour
 * (an order's status, then its payment) is journaled once. The backup deletes an hour's entries only
 * after the hour has settled, when no instance writes that hour any more.
 */
const noted = { hour: '', entries: new Set<string>() };

/** Tests journal at a fixed time; each call forgets the entries noted, as a new instance would. */
export function setJournalClock(now: (() => number) | null) {
  clock = now ?? (() => Date.now());
  noted.entries.clear();
}

/** The hour a change made now is journaled in. */
export const currentHour = () => journalHour(clock());

/** `store` with every write and delete of a journaled key named in `journal` first. */
export function journaledStore(store: Store, journal: Store, name: StoreName): Store {
  if ((NOT_JOURNALED as readonly string[]).includes(name)) return store;
  const note = async (key: string) => {
    if (!isJournaled(name, key)) return;
    const hour = currentHour();
    if (hour !== noted.hour) noted.entries.clear();
    noted.hour = hour;
    const entry = journalKey(hour, name, key);
    const where = `${journal.name}:${entry}`;
    if (noted.entries.has(where)) return;
    await journal.set(entry, '');
    noted.entries.add(where);
  };
  return {
    ...store,
    async set(key, data, options) {
      await note(key);
      return store.set(key, data, options);
    },
    async setJSON(key, value, options) {
      await note(key);
      return store.setJSON(key, value, options);
    },
    async delete(key) {
      await note(key);
      return store.delete(key);
    },
  };
}
