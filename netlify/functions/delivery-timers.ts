/**
 * The delivery timers, every five minutes on Netlify (`npm start` runs scheduled
 * functions every minute): late rounds, the 20-hour acknowledgement reminder, the 2-day warning and
 * the 7-day auto-final, slot repairs and unused uploads. Reads only the timers that are due.
 */
import type { Config } from '@netlify/functions';
import { runDeliveryTimers } from '../server/delivery/scheduler';
import { storageLimits, withStorageDeadline } from '../server/storage/budget';

export default async (_req: Request, context: Parameters<typeof runDeliveryTimers>[0]) => {
  // Netlify stops a scheduled run at 30 s: storage gives up before that, and what is left waits for the next run.
  const summary = await withStorageDeadline(storageLimits().scheduledBudgetMs, () => runDeliveryTimers(context));
  if (summary.due > 0)
    console.log(`Delivery timers: ${summary.handled} of ${summary.due} handled, ${summary.failed} failed.`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
