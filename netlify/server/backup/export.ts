/**
 * The daily backup of a deploy context's stores into its `backups` store (layout.ts): every blob
 * byte for byte with its metadata, then the manifest, then retention (retention.ts).
 * Resumable and idempotent: a run skips what the day's backup already holds, starts nothing once its
 * storage time is nearly spent, and the next run goes on; the manifest is written last, only when all
 * is copied, and a day that has one is not copied again. Each blob is copied as it is when copied, so
 * a backup made while the site changes is not one instant (docs/decisions/028-backups.md).
 */
import { listKeys } from '#server/storage/paging';
import { storageTimeLeft } from '#server/storage/budget';
import { isStorageError } from '#server/storage/error';
import { openStore, StorageError, type DeployInfo, type Store } from '#server/storage/stores';
import { readCatalog } from './catalog';
import { copyBlob } from './copy';
import {
  BACKED_UP_STORES,
  backupDate,
  copyKey,
  isBackedUpKey,
  manifestKey,
  storePrefix,
  type Manifest,
} from './layout';
import { forEachWhile } from './pool';
import { pruneBackups } from './retention';

/** A run starts no request with less storage time than this left, so it ends before its deadline. */
const RESERVE_MS = 3_000;
const COPIES_AT_ONCE = 8;

export interface ExportOptions {
  info?: DeployInfo;
  now?: Date;
  /** Storage time left to this run (the invocation's deadline, budget.ts); tests pass their own clock. */
  timeLeft?: () => number;
}

export interface ExportSummary {
  date: string;
  /** 'under way': this run stopped for time, and the next one goes on. */
  state: 'complete' | 'under way';
  copied: number;
  /** Backups removed by retention. */
  pruned: string[];
}

export async function exportBackup({
  info,
  now = new Date(),
  timeLeft = storageTimeLeft,
}: ExportOptions = {}): Promise<ExportSummary> {
  const backups = openStore('backups', info);
  const goOn = () => timeLeft() > RESERVE_MS;
  const summary: ExportSummary = { date: backupDate(now), state: 'under way', copied: 0, pruned: [] };
  try {
    const catalog = await readCatalog(backups);
    if (!catalog.complete.includes(summary.date)) {
      const stores = await copyMissing(backups, summary, info, goOn);
      if (!stores) return summary;
      const manifest: Manifest = { date: summary.date, finishedAt: new Date().toISOString(), stores };
      // false: another run finished the day first. "Already there" must be so: a 412 from a broken proxy is not a manifest.
      const written = await backups.setJSON(manifestKey(summary.date), manifest, { onlyIfNew: true });
      if (!written && !(await backups.getMetadata(manifestKey(summary.date))))
        throw new StorageError(`${manifestKey(summary.date)}: 412 for a manifest that does not exist`);
      catalog.complete = [summary.date, ...catalog.complete].sort().reverse();
    }
    summary.state = 'complete';
    summary.pruned = await pruneBackups(backups, catalog, goOn);
    return summary;
  } catch (error) {
    // Storage time ran out in the middle of a request: stopped, as if before it.
    if (isStorageError(error) && !goOn()) return summary;
    throw error;
  }
}

/**
 * Copies every blob the day's backup does not hold yet, store by store; answers each store's count
 * of copies, or null when time ran out first.
 */
async function copyMissing(
  backups: Store,
  summary: ExportSummary,
  info: DeployInfo | undefined,
  goOn: () => boolean,
): Promise<Manifest['stores'] | null> {
  const { date } = summary;
  const held = new Set(await listKeys(backups, { prefix: `${date}/` }));
  const counts: Manifest['stores'] = {};
  for (const name of BACKED_UP_STORES) {
    if (!goOn()) return null;
    const source = openStore(name, info);
    const missing = (await listKeys(source)).filter(
      (key) => isBackedUpKey(name, key) && !held.has(copyKey(date, name, key)),
    );
    const whole = await forEachWhile(missing, { concurrency: COPIES_AT_ONCE, goOn }, async (key) => {
      if ((await copyBlob(source, key, backups, copyKey(date, name, key))) === 'gone') return;
      held.add(copyKey(date, name, key));
      summary.copied++;
    });
    if (!whole) return null;
    const prefix = storePrefix(date, name);
    counts[name] = { blobs: [...held].filter((key) => key.startsWith(prefix)).length };
  }
  return counts;
}
