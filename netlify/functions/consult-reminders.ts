/**
 * Scheduled (no URL): e-mails each consult's reminder a day ahead, every five minutes on
 * Netlify, every minute under `npm start` (scripts/platform/scheduled-functions.ts). Idempotent.
 */
import type { Config, Context } from '@netlify/functions';
import { sendDueReminders } from '#features/consults/server/consult-reminders';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

/** Storage gives up before Netlify's 30 s: the next run sends what this one could not. */
export default async (_req: Request, context: Context) =>
  Response.json(await withStorageDeadline(storageLimits().scheduledBudgetMs, () => sendDueReminders(context)));

export const config: Config = { schedule: '*/5 * * * *' };
