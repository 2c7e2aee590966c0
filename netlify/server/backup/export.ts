/**
 * The hourly backup of a deploy context's stores into its `backups` store (layout.ts). A run:
 * 1. copies each settled hour the journal names (storage/journal.ts), oldest first: every blob changed
 *    in it, byte for byte with its metadata, or a mark that it is gone; then the hour's manifest; then
 *    it empties that hour of the journal. An hour's work grows with that hour's changes, not with
 *    what the site holds;
 * 2. moves `latest.json` on to the newest hour all of whose changes are copied;
 * 3. until the base is finished, copies the stores into it, store by store (once, when backups began);
 * 4. folds hours older than HOURS_KEPT into the base (retention.ts).
 * Resumable and idempotent: a run starts nothing once its storage time is nearly spent, skips what is
 * copied already, and the next run goes on. Each blob is copied as it is when copied, so a backup
 * made while the site changes is not one instant (docs/decisions/074-hourly-backups-from-a-journal.md).
 */
import { HOUR_MS } from '#lib/time';
import { listKeys } from '#server/storage/paging';
import { storageTimeLeft } from '#server/storage/budget';
import { isStorageError } from '#server/storage/error';
import { hourPattern, JOURNAL_SETTLES_MS, journalHour } from '#server/storage/journal';
import { openStore, StorageError, type DeployInfo, type Store } from '#server/storage/stores';
import { manifestedHours, readBase, readHourManifest } from './catalog';
import { copyBlob } from './copy';
import {
  BACKED_UP_STORES,
  BASE_KEY,
  basePrefix,
  copiedFrom,
  copyKey,
  gonePrefix,
  hourManifestKey,
  hourPrefix,
  isBackedUpKey,
  LATEST_KEY,
  type Base,
  type HourManifest,
  type Latest,
} from './layout';
import { forEachWhile } from './pool';
import { dropDailyBackups, foldOldHours } from './retention';

/** A run starts no request with less storage time than this left, so it ends before its deadline. */
const RESERVE_MS = 3_000;
const COPIES_AT_ONCE = 8;
/** `npm run backup`, on a machine of our own, holds more files at once than a function. */
export const BASE_COPIES_BY_COMMAND = 32;

export interface ExportOptions {
  info?: DeployInfo;
  now?: Date;
  /** Storage time left to this run (the invocation's deadline, budget.ts); tests pass their own clock. */
  timeLeft?: () => number;
  /** Blobs copied at once into the base: a function's memory holds COPIES_AT_ONCE files at most. */
  baseCopiesAtOnce?: number;
}

export interface ExportSummary {
  /** Hours whose copy this run finished, oldest first. */
  hours: string[];
  /** The newest hour all of whose changes are copied, once the base is finished. */
  through: string | null;
  /** 'under way': this run stopped for time (or the base is not finished), and the next one goes on. */
  state: 'complete' | 'under way';
  copied: number;
  /** Blobs found deleted. */
  gone: number;
  /** Hours folded into the base, and days of the daily backups of before removed. */
  folded: string[];
  dropped: string[];
}

/** The hour whose changes a run at `now` may copy last: the newest one ended and settled. */
const lastSettledHour = (now: Date) => journalHour(now.getTime() - JOURNAL_SETTLES_MS - HOUR_MS);

export async function exportBackup({
  info,
  now = new Date(),
  timeLeft = storageTimeLeft,
  baseCopiesAtOnce = COPIES_AT_ONCE,
}: ExportOptions = {}): Promise<ExportSummary> {
  const backups = openStore('backups', info);
  const goOn = () => timeLeft() > RESERVE_MS;
  const summary: ExportSummary = {
    hours: [],
    through: null,
    state: 'under way',
    copied: 0,
    gone: 0,
    folded: [],
    dropped: [],
  };
  try {
    const base = (await readBase(backups)) ?? (await startBase(backups, now));
    const settled = lastSettledHour(now);
    const copiedAll = await copySettledHours(backups, settled, summary, info, goOn);
    if (!copiedAll) return summary;
    if (!base.finishedAt && !(await copyBase(backups, base, summary, { info, goOn, atOnce: baseCopiesAtOnce })))
      return summary;
    summary.through = settled;
    await moveLatest(backups, settled, now);
    summary.folded = await foldOldHours(backups, now, goOn);
    summary.dropped = await dropDailyBackups(backups, goOn);
    summary.state = 'complete';
    return summary;
  } catch (error) {
    // Storage time ran out in the middle of a request: stopped, as if before it.
    if (isStorageError(error) && !goOn()) return summary;
    throw error;
  }
}

/** The base's record, written first: the journal already names every change from here on. */
async function startBase(backups: Store, now: Date): Promise<Base> {
  const base: Base = {
    startedAt: now.toISOString(),
    finishedAt: null,
    stores: [],
    blobs: 0,
    bytes: 0,
    foldedThrough: null,
  };
  if (await backups.setJSON(BASE_KEY, base, { onlyIfNew: true })) return base;
  // Another run began it first.
  const there = await readBase(backups);
  if (!there) throw new StorageError(`${BASE_KEY}: 412 for a record that does not exist`);
  return there;
}

/** Copies every settled hour of the journal, oldest first; false when time ran out first. */
async function copySettledHours(
  backups: Store,
  settled: string,
  summary: ExportSummary,
  info: DeployInfo | undefined,
  goOn: () => boolean,
): Promise<boolean> {
  const journal = openStore('journal', info);
  const [{ directories }, manifested] = await Promise.all([
    journal.list({ directories: true }),
    manifestedHours(backups),
  ]);
  const done = new Set(manifested);
  const due = directories.filter((hour) => hourPattern.test(hour) && hour <= settled).sort();
  for (const hour of due) {
    if (!goOn()) return false;
    if (!done.has(hour)) {
      const manifest = await copyHour(backups, journal, hour, summary, info, goOn);
      if (!manifest) return false;
      if (manifest !== 'empty') summary.hours.push(hour);
    }
    const entries = await listKeys(journal, { prefix: `${hour}/` });
    if (!(await forEachWhile(entries, { concurrency: COPIES_AT_ONCE, goOn }, (key) => journal.delete(key))))
      return false;
  }
  return true;
}

/**
 * Copies what one hour of the journal names, then writes its manifest; null when time ran out first,
 * 'empty' for an hour that names nothing (the local Blobs server lists a folder emptied before).
 */
async function copyHour(
  backups: Store,
  journal: Store,
  hour: string,
  summary: ExportSummary,
  info: DeployInfo | undefined,
  goOn: () => boolean,
): Promise<HourManifest | 'empty' | null> {
  const [entries, copies, gone] = await Promise.all([
    listKeys(journal, { prefix: `${hour}/` }),
    listKeys(backups, { prefix: hourPrefix(hour) }),
    listKeys(backups, { prefix: gonePrefix(hour) }),
  ]);
  const held = new Set([...copies, ...gone]);
  if (entries.length === 0 && held.size === 0) return 'empty';
  const progress = await readProgress(backups, hour);
  let bytes = 0;
  const whole = await forEachWhile(entries, { concurrency: COPIES_AT_ONCE, goOn }, async (entry) => {
    const named = copiedFrom(`${hour}/`, entry);
    if (!named || !isBackedUpKey(named.store, named.key)) return;
    const copy = copyKey(hourPrefix(hour), named.store, named.key);
    const mark = copyKey(gonePrefix(hour), named.store, named.key);
    if (held.has(copy) || held.has(mark)) return;
    const outcome = await copyBlob(openStore(named.store, info), named.key, backups, copy);
    if (outcome.result === 'gone') {
      await backups.set(mark, '');
      held.add(mark);
      summary.gone++;
    } else {
      held.add(copy);
      summary.copied++;
      bytes += outcome.bytes;
    }
  });
  if (!whole) {
    await backups.setJSON(progressKey(hour), { bytes: (progress ?? 0) + bytes });
    return null;
  }
  const manifest: HourManifest = {
    hour,
    finishedAt: new Date().toISOString(),
    copied: [...held].filter((key) => key.startsWith(hourPrefix(hour))).length,
    gone: [...held].filter((key) => key.startsWith(gonePrefix(hour))).length,
    bytes: (progress ?? 0) + bytes,
  };
  await backups.setJSON(hourManifestKey(hour), manifest);
  if (progress !== null) await backups.delete(progressKey(hour));
  return manifest;
}

/**
 * The bytes copied by the earlier runs of an hour a run did not finish, so its manifest counts them:
 * a run stopped without warning (not for its storage time) leaves its own uncounted.
 */
const progressKey = (hour: string) => `hours/${hour}.progress`;
async function readProgress(backups: Store, hour: string): Promise<number | null> {
  const stored = (await backups.get(progressKey(hour), { type: 'json' })) as { bytes?: unknown } | null;
  return stored === null ? null : typeof stored.bytes === 'number' ? stored.bytes : 0;
}

async function moveLatest(backups: Store, through: string, now: Date) {
  const hours = await manifestedHours(backups);
  const newest = hours.filter((hour) => hour <= through).at(-1);
  const latest: Latest = {
    through,
    at: now.toISOString(),
    last: newest ? await readHourManifest(backups, newest) : null,
  };
  await backups.setJSON(LATEST_KEY, latest);
}

/**
 * Copies into the base what it lacks, store by store, noting each store done; finishes the base when
 * every store is. False when time ran out first.
 */
async function copyBase(
  backups: Store,
  base: Base,
  summary: ExportSummary,
  { info, goOn, atOnce }: { info: DeployInfo | undefined; goOn: () => boolean; atOnce: number },
): Promise<boolean> {
  for (const name of BACKED_UP_STORES.filter((store) => !base.stores.includes(store))) {
    if (!goOn()) return false;
    const source = openStore(name, info);
    const [keys, held] = await Promise.all([listKeys(source), listKeys(backups, { prefix: basePrefix(name) })]);
    const copies = new Set(held);
    let bytes = 0;
    const missing = keys.filter((key) => isBackedUpKey(name, key) && !copies.has(copyKey(basePrefix(), name, key)));
    const whole = await forEachWhile(missing, { concurrency: atOnce, goOn }, async (key) => {
      const outcome = await copyBlob(source, key, backups, copyKey(basePrefix(), name, key));
      // Deleted meanwhile: the journal names it, and its hour marks it gone.
      if (outcome.result === 'gone') return;
      summary.copied++;
      copies.add(copyKey(basePrefix(), name, key));
      bytes += outcome.bytes;
    });
    // The bytes so far are kept even when time ran out: the held copies are not copied again.
    base.bytes += bytes;
    if (whole) {
      base.stores.push(name);
      base.blobs += copies.size;
    }
    // A store with nothing in it is noted with the next one that has something.
    if (copies.size > 0 || !whole) await backups.setJSON(BASE_KEY, base);
    if (!whole) return false;
  }
  base.finishedAt = new Date().toISOString();
  await backups.setJSON(BASE_KEY, base);
  return true;
}
