/**
 * The restore, rehearsed: once a day, the newest point is restored into scratch stores (the deploy
 * context's own, prefixed `rehearsal`), which no site reads and no backup copies, and the result is
 * kept in `rehearsal.json` for /admin. Resumable like the backup: the scratch stores are emptied, then
 * filled, over as many runs as that takes, the point held fixed until it is done. A rehearsal passes
 * when every blob is there with the backup's bytes and metadata.
 */
import { DAY_MS } from '#lib/time';
import { z } from '#lib/zod';
import { storageTimeLeft } from '#server/storage/budget';
import { deployContext } from '#server/storage/deploy';
import { isStorageError } from '#server/storage/error';
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo, type Store } from '#server/storage/stores';
import { readLatest } from './catalog';
import { BACKED_UP_STORES, REHEARSAL_KEY } from './layout';
import { forEachWhile } from './pool';
import { BackupUnusable, restoreBackup } from './restore';

const RESERVE_MS = 3_000;
const AT_ONCE = 8;
/** A new rehearsal starts this long after the last one finished. */
const REHEARSAL_EVERY_MS = DAY_MS;

const rehearsalSchema = z.object({
  point: z.string(),
  startedAt: z.string().datetime(),
  phase: z.enum(['emptying', 'restoring', 'done']),
  finishedAt: z.string().datetime().nullable(),
  /** Blobs restored, and what did not come back as backed up (store: key). */
  blobs: z.number().int().nonnegative(),
  problems: z.array(z.string()),
});
export type Rehearsal = z.infer<typeof rehearsalSchema>;

/** The scratch stores' deploy context. */
export const scratchOf = (info?: DeployInfo): DeployInfo => {
  const context = deployContext(info);
  return { deploy: { context: !context || context === 'production' ? 'rehearsal' : `${context}-rehearsal` } };
};

export async function readRehearsal(backups: Store): Promise<Rehearsal | null> {
  const stored = await backups.get(REHEARSAL_KEY, { type: 'json' });
  return stored === null ? null : rehearsalSchema.parse(stored);
}

export interface RehearseOptions {
  info?: DeployInfo;
  now?: Date;
  timeLeft?: () => number;
}

/** One run's share of the rehearsal; answers where it stands, or null when there is nothing to rehearse. */
export async function rehearseRestore({
  info,
  now = new Date(),
  timeLeft = storageTimeLeft,
}: RehearseOptions = {}): Promise<Rehearsal | null> {
  const backups = openStore('backups', info);
  const goOn = () => timeLeft() > RESERVE_MS;
  const [latest, last] = await Promise.all([readLatest(backups), readRehearsal(backups)]);
  if (!latest) return last;
  let rehearsal = last;
  const due = !last || (last.finishedAt !== null && now.getTime() - Date.parse(last.finishedAt) >= REHEARSAL_EVERY_MS);
  if (due) {
    rehearsal = {
      point: latest.through,
      startedAt: now.toISOString(),
      phase: 'emptying',
      finishedAt: null,
      blobs: 0,
      problems: [],
    };
    await backups.setJSON(REHEARSAL_KEY, rehearsal);
  }
  if (!rehearsal || rehearsal.phase === 'done') return rehearsal;
  try {
    const scratch = scratchOf(info);
    if (rehearsal.phase === 'emptying') {
      for (const store of BACKED_UP_STORES) {
        const target = openStore(store, scratch, { unjournaled: true });
        const keys = await listKeys(target);
        if (!goOn() || !(await forEachWhile(keys, { concurrency: AT_ONCE, goOn }, (key) => target.delete(key))))
          return rehearsal;
      }
      rehearsal = { ...rehearsal, phase: 'restoring' };
      await backups.setJSON(REHEARSAL_KEY, rehearsal);
    }
    const result = await restoreBackup(rehearsal.point, { info, into: scratch, goOn }).catch((error: unknown) => {
      if (error instanceof BackupUnusable) return { unusable: error.message };
      throw error;
    });
    if ('underWay' in result) return rehearsal;
    const problems =
      'unusable' in result
        ? [result.unusable]
        : 'refused' in result
          ? result.refused.map(({ store, foreign }) => `${store}: ${foreign} blobs the backup does not hold`)
          : result.restored.flatMap((r) => [
              ...r.missing.map((key) => `${r.store}: ${key} missing`),
              ...r.differing.map((key) => `${r.store}: ${key} differs`),
            ]);
    rehearsal = {
      ...rehearsal,
      phase: 'done',
      finishedAt: now.toISOString(),
      blobs: 'restored' in result ? result.restored.reduce((sum, r) => sum + r.blobs, 0) : 0,
      problems,
    };
    await backups.setJSON(REHEARSAL_KEY, rehearsal);
    return rehearsal;
  } catch (error) {
    // Storage time ran out in the middle of a request: the next run goes on.
    if (isStorageError(error) && !goOn()) return rehearsal;
    throw error;
  }
}
