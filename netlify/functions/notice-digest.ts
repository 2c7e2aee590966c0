/**
 * Scheduled (no URL): mails each admin who chose the daily digest what happened the New York day
 * before, in the morning there (three tries an hour apart; each digest is sent once a day however often
 * it runs), every minute under `npm start`. Idempotent.
 */
import type { Config, Context } from '@netlify/functions';
import { sendDigests } from '#server/core/notifications';
import { storageLimits, withStorageDeadline } from '#server/storage/budget';

/** Storage gives up before Netlify's 30 s: the next run sends what this one could not. */
export default async (_req: Request, context: Context) =>
  Response.json(await withStorageDeadline(storageLimits().scheduledBudgetMs, () => sendDigests(new Date(), context)));

export const config: Config = { schedule: '0 12,13,14 * * *' };
