/**
 * Scheduled (no URL): the hourly backup of every store (netlify/server/backup/export.ts). At 20 past
 * the hour, the hour before has ended and settled (storage/journal.ts), so its changes are copied
 * within the hour; a run that runs out of time leaves the rest to the next. `npm start` runs it every
 * minute, to the same effect.
 */
import type { Config, Context } from '@netlify/functions';
import { exportBackup } from '#server/backup/export';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

export default async (_req: Request, context: Context) => {
  // Netlify stops a scheduled run at 30 s: storage gives up before that, and the next run goes on.
  const summary = await withStorageDeadline(storageLimits().scheduledBudgetMs, () => exportBackup({ info: context }));
  const folded = [...summary.folded, ...summary.dropped];
  if (summary.copied > 0 || summary.gone > 0 || folded.length > 0) {
    console.log(
      `Backup through ${summary.through ?? '(base under way)'}: ${summary.state}, ${summary.copied} blobs copied, ${summary.gone} found deleted${folded.length ? `; folded or removed ${folded.join(', ')}` : ''}.`,
    );
  }
  return Response.json(summary);
};

export const config: Config = { schedule: '20 * * * *' };
