/**
 * Scheduled (no URL): the restore rehearsed into scratch stores once a day, over as many hourly runs
 * as it takes (netlify/server/backup/rehearsal.ts). `npm start` runs it every minute.
 */
import type { Config, Context } from '@netlify/functions';
import { rehearseRestore } from '#server/backup/rehearsal';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

export default async (_req: Request, context: Context) => {
  const rehearsal = await withStorageDeadline(storageLimits().scheduledBudgetMs, () =>
    rehearseRestore({ info: context }),
  );
  if (rehearsal?.phase === 'done' && rehearsal.problems.length > 0)
    console.error(`Restore rehearsal of ${rehearsal.point} failed: ${rehearsal.problems.slice(0, 5).join('; ')}`);
  return Response.json(rehearsal);
};

export const config: Config = { schedule: '40 * * * *' };
