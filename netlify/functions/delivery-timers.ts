/**
 * The delivery timers, every five minutes on Netlify (`npm start` runs scheduled
 * functions every minute): late rounds, the 20-hour acknowledgement reminder, the 2-day warning and
 * the 7-day auto-final, slot repairs, unused uploads and the retention period (with, once, a backfill
 * of its timers for projects that ended before they were set), and inquiries and consults past theirs.
 * Reads only the timers and records that are due.
 */
import type { Config } from '@netlify/functions';
import { runDueTimers } from '#server/jobs/timers';
import { runContactRetention } from '#features/privacy/server/contact-retention';
import { backfillRetentionTimers } from '#features/projects/server/retention';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

export default async (_req: Request, context: Parameters<typeof runDueTimers>[0]) => {
  // Netlify stops a scheduled run at 30 s: storage gives up before that, and what is left waits for the next run.
  const summary = await withStorageDeadline(storageLimits().scheduledBudgetMs, async () => {
    // Never in the way of the timers: a page not done now is done by the next run.
    await backfillRetentionTimers(context).catch((error) => console.error('Retention backfill left for later:', error));
    await runContactRetention(new Date(), context).catch((error) =>
      console.error('Inquiry and consult retention left for later:', error),
    );
    return runDueTimers(context);
  });
  if (summary.due > 0)
    console.log(`Delivery timers: ${summary.handled} of ${summary.due} handled, ${summary.failed} failed.`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
