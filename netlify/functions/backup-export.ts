/**
 * Scheduled (no URL): the daily backup of every store (netlify/server/backup/export.ts), hourly on
 * Netlify: the first run of a UTC day starts that day's backup, a later one finishes it when one run's
 * time was not enough, and once it is complete a run only lists the backups. `npm start` runs it every
 * minute, to the same effect.
 */
import type { Config, Context } from '@netlify/functions';
import { exportBackup } from '#server/backup/export';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

export default async (_req: Request, context: Context) => {
  // Netlify stops a scheduled run at 30 s: storage gives up before that, and the next run goes on.
  const summary = await withStorageDeadline(storageLimits().scheduledBudgetMs, () => exportBackup({ info: context }));
  if (summary.copied > 0 || summary.pruned.length > 0) {
    console.log(
      `Backup ${summary.date}: ${summary.state}, ${summary.copied} blobs copied${summary.pruned.length ? `; removed ${summary.pruned.join(', ')}` : ''}.`,
    );
  }
  return Response.json(summary);
};

export const config: Config = { schedule: '@hourly' };
