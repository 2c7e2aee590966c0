/**
 * Where backups live. The `backups` store of a deploy context holds:
 * - `base/<store>/<key>`: every blob, copied once when backups began; since then, as of the oldest
 *   hour kept (an hour older than HOURS_KEPT is folded into it);
 * - `hours/<hour>/<store>/<key>`: each blob the journal names for that UTC hour, copied after it
 *   (storage/journal.ts), and `gone/<hour>/<store>/<key>`: each one found deleted;
 * - `hours/<hour>.json`: that hour's manifest, written once all of it is copied;
 * - `base.json`, `latest.json`, `rehearsal.json`: the base's progress, the newest point a restore can
 *   bring back, and the last restore rehearsal.
 * A restore to an hour brings back the base, then each hour up to it, in order.
 */
import { z } from '#lib/zod';
import { hourPattern, isJournaled, NOT_JOURNALED } from '#server/storage/journal';
import { MAX_KEY_BYTES } from '#server/storage/keys';
import { STORE_NAMES, type StoreName } from '#server/storage/stores';

/** How long each hour is kept apart, so a restore can go back to it: two weeks. */
export const HOURS_KEPT = 14 * 24;

export type BackedUpStore = Exclude<StoreName, (typeof NOT_JOURNALED)[number]>;

/** Every store whose changes are journaled, so a new store is backed up without a line here. */
export const BACKED_UP_STORES = STORE_NAMES.filter(
  (name): name is BackedUpStore => !(NOT_JOURNALED as readonly string[]).includes(name),
);
const backedUp = new Set<string>(BACKED_UP_STORES);
export const isBackedUpStore = (name: string): name is BackedUpStore => backedUp.has(name);

/** Whether a blob is backed up: the keys the records rebuild are not. */
export const isBackedUpKey = (store: BackedUpStore, key: string) => isJournaled(store, key);

export const BASE_KEY = 'base.json';
export const LATEST_KEY = 'latest.json';
export const REHEARSAL_KEY = 'rehearsal.json';

export const basePrefix = (store?: BackedUpStore) => `base/${store ? `${store}/` : ''}`;
export const hourPrefix = (hour: string) => `hours/${hour}/`;
export const gonePrefix = (hour: string) => `gone/${hour}/`;
export const hourManifestKey = (hour: string) => `hours/${hour}.json`;

/** The most a copy's key adds to the key it copies (an hour's copy of the longest store name). */
export const COPY_KEY_OVERHEAD = Math.max(
  ...BACKED_UP_STORES.map((store) => `${hourPrefix('YYYY-MM-DDTHH')}${store}/`.length),
);

/**
 * The key of a copy under `prefix`. The site never writes a key too long for this
 * (tests/unit/backup-keys.test.ts builds the longest ones); one that is would stop the backup here,
 * by name, rather than be left out.
 */
export function copyKey(prefix: string, store: BackedUpStore, key: string): string {
  const copy = `${prefix}${store}/${key}`;
  if (new TextEncoder().encode(copy).length > MAX_KEY_BYTES) throw new Error(`${store}/${key} is too long to back up`);
  return copy;
}

/** The store and key a copy under `prefix` stands for, or null for a key that is no copy. */
export function copiedFrom(prefix: string, copy: string): { store: BackedUpStore; key: string } | null {
  const rest = copy.slice(prefix.length);
  const slash = rest.indexOf('/');
  const store = rest.slice(0, slash);
  return copy.startsWith(prefix) && slash > 0 && isBackedUpStore(store) ? { store, key: rest.slice(slash + 1) } : null;
}

const hour = z.string().regex(hourPattern);
const count = z.number().int().nonnegative();

/** What an hour's backup holds. */
export const hourManifestSchema = z.object({
  hour,
  finishedAt: z.string().datetime(),
  copied: count,
  gone: count,
  bytes: count,
});
export type HourManifest = z.infer<typeof hourManifestSchema>;

/** The base: the stores copied so far, until it is finished; the newest hour folded into it. */
export const baseSchema = z.object({
  startedAt: z.string().datetime(),
  finishedAt: z.string().datetime().nullable(),
  stores: z.array(z.enum(BACKED_UP_STORES as [BackedUpStore, ...BackedUpStore[]])),
  blobs: count,
  bytes: count,
  foldedThrough: hour.nullable(),
});
export type Base = z.infer<typeof baseSchema>;

/** The newest point a restore can bring back: every change up to the end of `through` is copied. */
export const latestSchema = z.object({
  through: hour,
  at: z.string().datetime(),
  /** The newest hour with changes, and its manifest. */
  last: hourManifestSchema.nullable(),
});
export type Latest = z.infer<typeof latestSchema>;
