/**
 * Scheduled (no URL), hourly on Netlify: counts the settled days of the owner's month report that are
 * not kept yet (src/features/admin/server/reports.ts), so the report reads kept days. `npm start` runs
 * it every minute, to the same effect.
 */
import type { Config, Context } from '@netlify/functions';
import { keepSettledDays } from '#features/admin/server/reports';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

export default async (_req: Request, context: Context) => {
  // Netlify stops a scheduled run at 30 s: storage gives up before that, and the next run goes on.
  const summary = await withStorageDeadline(storageLimits().scheduledBudgetMs, () => keepSettledDays(context));
  if (summary.kept > 0) console.log(`Report days: ${summary.kept} kept${summary.complete ? '' : ', more to come'}.`);
  return Response.json(summary);
};

export const config: Config = { schedule: '@hourly' };
