/**
 * Keeps HOURS_KEPT hours apart. An older hour is folded into the base, oldest first: `foldedThrough`
 * moves first, so no restore to an hour before it is tried while the base holds that hour's changes;
 * then each copy replaces the base's and each mark deletes the base's blob, each removed from the hour
 * once done; the manifest goes last. An hour folded halfway is still restorable (the base holds part
 * of it, the hour the rest), and the next run goes on. So a blob deleted from the site leaves the
 * backups once its deletion is HOURS_KEPT old.
 */
import { HOUR_MS } from '#lib/time';
import { journalHour } from '#server/storage/journal';
import { listKeys } from '#server/storage/paging';
import type { Store } from '#server/storage/stores';
import { manifestedHours, readBase } from './catalog';
import { copyBlob } from './copy';
import {
  BASE_KEY,
  basePrefix,
  copiedFrom,
  copyKey,
  gonePrefix,
  hourManifestKey,
  hourPrefix,
  HOURS_KEPT,
} from './layout';
import { forEachWhile } from './pool';

const AT_ONCE = 8;

/** Answers the hours it folded whole. */
export async function foldOldHours(backups: Store, now: Date, goOn: () => boolean): Promise<string[]> {
  const oldest = journalHour(now.getTime() - HOURS_KEPT * HOUR_MS);
  const old = (await manifestedHours(backups)).filter((hour) => hour < oldest);
  const base = old.length > 0 ? await readBase(backups) : null;
  const folded: string[] = [];
  for (const hour of old) {
    if (!base?.finishedAt || !goOn()) break;
    if ((base.foldedThrough ?? '') < hour) {
      base.foldedThrough = hour;
      await backups.setJSON(BASE_KEY, base);
    }
    const [copies, marks] = await Promise.all([
      listKeys(backups, { prefix: hourPrefix(hour) }),
      listKeys(backups, { prefix: gonePrefix(hour) }),
    ]);
    const intoBase = (prefix: string, copy: string) => {
      const named = copiedFrom(prefix, copy);
      return named && copyKey(basePrefix(), named.store, named.key);
    };
    const copied = await forEachWhile(copies, { concurrency: AT_ONCE, goOn }, async (copy) => {
      const target = intoBase(hourPrefix(hour), copy);
      if (target) await copyBlob(backups, copy, backups, target);
      await backups.delete(copy);
    });
    const marked =
      copied &&
      (await forEachWhile(marks, { concurrency: AT_ONCE, goOn }, async (mark) => {
        const target = intoBase(gonePrefix(hour), mark);
        if (target) await backups.delete(target);
        await backups.delete(mark);
      }));
    if (!marked) break;
    await backups.delete(hourManifestKey(hour));
    folded.push(hour);
  }
  return folded;
}

const dailyManifest = /^\d{4}-\d{2}-\d{2}\.json$/;
const dailyFolder = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Removes the daily backups of before (`<date>.json`, `<date>/...`), once the base holds everything:
 * the manifests first, so none is ever taken for a complete backup. Answers the days removed.
 */
export async function dropDailyBackups(backups: Store, goOn: () => boolean): Promise<string[]> {
  const { blobs, directories } = await backups.list({ directories: true });
  const manifests = blobs.map((b) => b.key).filter((key) => dailyManifest.test(key));
  if (!(await forEachWhile(manifests, { concurrency: AT_ONCE, goOn }, (key) => backups.delete(key)))) return [];
  const dropped: string[] = [];
  for (const date of directories.filter((name) => dailyFolder.test(name))) {
    if (!goOn()) break;
    const keys = await listKeys(backups, { prefix: `${date}/` });
    // The local Blobs server still lists a folder emptied before; Netlify's lists none.
    if (keys.length === 0) continue;
    if (!(await forEachWhile(keys, { concurrency: AT_ONCE, goOn }, (key) => backups.delete(key)))) break;
    dropped.push(date);
  }
  return dropped;
}
