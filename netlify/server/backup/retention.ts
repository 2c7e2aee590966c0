/**
 * Keeps the newest BACKUPS_KEPT complete backups. An older one loses its manifest first, so a backup
 * half deleted is never taken for a complete one; then every date folder older than the newest
 * complete backup and not kept goes: those just expired, and days whose copying never finished.
 * A folder newer than the newest complete backup is today's, under way, and stays. What one run
 * leaves undeleted, the next deletes.
 */
import { listKeys } from '#server/storage/paging';
import type { Store } from '#server/storage/stores';
import type { Catalog } from './catalog';
import { BACKUPS_KEPT, manifestKey } from './layout';
import { forEachWhile } from './pool';

const DELETES_AT_ONCE = 8;

/** Answers the dates it removed: a manifest deleted, or an abandoned day's copies all deleted. */
export async function pruneBackups(
  backups: Store,
  { complete, folders }: Catalog,
  goOn: () => boolean,
): Promise<string[]> {
  const newest = complete[0];
  if (newest === undefined) return [];
  const kept = new Set(complete.slice(0, BACKUPS_KEPT));
  const expired = complete.filter((date) => !kept.has(date));
  const dropped = folders.filter((date) => !kept.has(date) && date < newest);
  const gone = new Set<string>();
  await forEachWhile(expired, { concurrency: DELETES_AT_ONCE, goOn }, async (date) => {
    await backups.delete(manifestKey(date));
    gone.add(date);
  });
  if (gone.size < expired.length) return [...gone];
  for (const date of dropped) {
    if (!goOn()) break;
    const keys = await listKeys(backups, { prefix: `${date}/` });
    // The local Blobs server still lists a folder emptied before; Netlify's lists none.
    if (keys.length === 0) continue;
    if (!(await forEachWhile(keys, { concurrency: DELETES_AT_ONCE, goOn }, (key) => backups.delete(key)))) break;
    gone.add(date);
  }
  return [...gone].sort();
}
