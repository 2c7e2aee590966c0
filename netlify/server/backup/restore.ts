/**
 * Brings a complete backup back into a deploy context's stores (scripts/restore.ts runs it).
 * Into empty stores: when a store holds a blob the backup does not, nothing is written and the
 * stores are named, unless `merge` is asked for. Every write is `onlyIfNew`, so a restore stopped
 * midway is simply run again: a blob already there with the backup's bytes and metadata counts as
 * restored, one that differs is reported and left as it is. It ends by checking that every blob of
 * the backup is in its store.
 */
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { readManifest } from './catalog';
import { copyBlob } from './copy';
import { storePrefix, type BackedUpStore, type Manifest } from './layout';
import { forEachWhile, untilDone } from './pool';

const WRITES_AT_ONCE = 8;

export interface RestoreOptions {
  info?: DeployInfo;
  /** Restore into stores that hold blobs already: add what they lack, change nothing there. */
  merge?: boolean;
}

export interface StoreRestore {
  store: BackedUpStore;
  /** Blobs in the backup. */
  blobs: number;
  written: number;
  /** Already there with the backup's bytes and metadata (an earlier attempt, or `merge`). */
  alreadyThere: number;
  /** Keys already there with other bytes or metadata: left as they are. */
  differing: string[];
  /** Keys of the backup not in the store after the restore. */
  missing: string[];
}

export type RestoreResult = { refused: { store: BackedUpStore; foreign: number }[] } | { restored: StoreRestore[] };

/** A backup that cannot be restored: none of that date, or one that lost blobs. */
export class BackupUnusable extends Error {
  readonly name = 'BackupUnusable';
}

export async function restoreBackup(
  date: string,
  { info, merge = false }: RestoreOptions = {},
): Promise<RestoreResult> {
  const backups = openStore('backups', info);
  const manifest = await readManifest(backups, date);
  if (!manifest) throw new BackupUnusable(`There is no complete backup of ${date}.`);
  const plan = await planOf(date, manifest, info);
  const refused = plan.filter((p) => p.foreign > 0).map(({ store, foreign }) => ({ store, foreign }));
  if (refused.length > 0 && !merge) return { refused };

  const restored: StoreRestore[] = [];
  for (const { store, keys } of plan) {
    const target = openStore(store, info);
    const prefix = storePrefix(date, store);
    const report: StoreRestore = { store, blobs: keys.length, written: 0, alreadyThere: 0, differing: [], missing: [] };
    await forEachWhile(keys, { concurrency: WRITES_AT_ONCE, goOn: untilDone }, async (key) => {
      const outcome = await copyBlob(backups, `${prefix}${key}`, target, key, { onlyIfNew: true });
      if (outcome === 'gone')
        throw new BackupUnusable(`${prefix}${key} went missing from the backup during the restore.`);
      if (outcome === 'copied') report.written++;
      else if (outcome === 'same') report.alreadyThere++;
      else report.differing.push(key);
    });
    const present = new Set(await listKeys(target));
    report.missing = keys.filter((key) => !present.has(key));
    report.differing.sort();
    restored.push(report);
  }
  // The report's kept days were counted from the records as they were: they are counted again.
  const kept = openStore('report-days', info);
  await forEachWhile(await listKeys(kept), { concurrency: WRITES_AT_ONCE, goOn: untilDone }, (key) => kept.delete(key));
  return { restored };
}

/** Each store's keys in the backup, checked against the manifest, and how many blobs the store holds that the backup does not. */
async function planOf(date: string, manifest: Manifest, info: DeployInfo | undefined) {
  const copies = await listKeys(openStore('backups', info), { prefix: `${date}/` });
  const stores = Object.entries(manifest.stores) as [BackedUpStore, { blobs: number }][];
  return Promise.all(
    stores.map(async ([store, { blobs }]) => {
      const prefix = storePrefix(date, store);
      const keys = copies.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
      if (keys.length !== blobs)
        throw new BackupUnusable(
          `The backup of ${date} holds ${keys.length} of the ${blobs} blobs of ${store} it recorded.`,
        );
      const inBackup = new Set(keys);
      const foreign = (await listKeys(openStore(store, info))).filter((key) => !inBackup.has(key)).length;
      return { store, keys, foreign };
    }),
  );
}
