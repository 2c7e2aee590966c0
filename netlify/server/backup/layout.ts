/**
 * Where backups live. The `backups` store of a deploy context holds, per UTC day, a copy of every
 * other store under `<date>/<store>/<key>` and, once that copy is whole, its manifest `<date>.json`.
 * A date with a manifest is a complete backup; a date folder without one is a backup under way, or
 * one abandoned. One listing of the store's top level tells them apart.
 */
import { z } from '#lib/zod';
import { MAX_KEY_BYTES } from '#server/storage/keys';
import { STORE_NAMES, type StoreName } from '#server/storage/stores';

/** How many complete backups are kept: two weeks of daily ones. */
export const BACKUPS_KEPT = 14;

/**
 * The backups themselves, the per-person rate counters, which mean nothing a minute later, and the
 * report's kept days, counted again from the records (a restore empties them).
 */
const NOT_BACKED_UP = ['backups', 'limits', 'report-days'] as const;
export type BackedUpStore = Exclude<StoreName, (typeof NOT_BACKED_UP)[number]>;

/** Every other store, so a new store is backed up without a line here. */
export const BACKED_UP_STORES = STORE_NAMES.filter(
  (name): name is BackedUpStore => !(NOT_BACKED_UP as readonly string[]).includes(name),
);

/**
 * Keys kept beside the records that the records rebuild (storage/kept-keys.ts): not copied, and so
 * after a restore, without their `*-complete` marks, the first read that needs them builds them again.
 * About half an order's blobs are such keys.
 */
const REBUILT: Partial<Record<BackedUpStore, RegExp>> = {
  orders: /^(by-day|words|changed)\/|^kept-complete$/,
  projects: /^(by-day|by-state|by-editor-ended|words|changed)\/|^kept-complete$/,
  consults: /^booked\/|^booked-complete$/,
};
export const isBackedUpKey = (store: BackedUpStore, key: string) => !REBUILT[store]?.test(key);

/** A backup is named by its UTC day. */
export const backupDate = (now: Date) => now.toISOString().slice(0, 10);

export const datePattern = /^\d{4}-\d{2}-\d{2}$/;

export const manifestKey = (date: string) => `${date}.json`;

export const storePrefix = (date: string, store: BackedUpStore) => `${date}/${store}/`;

/** The most a copy's key adds to the key it copies (the longest store name). */
export const COPY_KEY_OVERHEAD = Math.max(...BACKED_UP_STORES.map((store) => storePrefix('YYYY-MM-DD', store).length));

/**
 * The key of `key`'s copy. The site never writes a key too long for this (tests/unit/backup-keys.test.ts
 * builds the longest ones); one that is would stop the backup here, by name, rather than be left out.
 */
export function copyKey(date: string, store: BackedUpStore, key: string): string {
  const copy = `${storePrefix(date, store)}${key}`;
  if (new TextEncoder().encode(copy).length > MAX_KEY_BYTES) throw new Error(`${store}/${key} is too long to back up`);
  return copy;
}

/** What a complete backup holds: how many blobs of each store. */
export const manifestSchema = z.object({
  date: z.string().regex(datePattern),
  finishedAt: z.string().datetime(),
  stores: z.record(
    z.enum(BACKED_UP_STORES as [BackedUpStore, ...BackedUpStore[]]),
    z.object({ blobs: z.number().int().nonnegative() }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
