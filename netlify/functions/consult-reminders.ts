/**
 * Scheduled (no URL): e-mails each consult's reminder a day ahead (DESIGN §12), every five minutes on
 * Netlify, every minute under `npm start` (scripts/platform/scheduled-functions.ts). Idempotent.
 */
import type { Config, Context } from '@netlify/functions';
import { sendDueReminders } from '../server/consult-reminders';

export default async (_req: Request, context: Context) => Response.json(await sendDueReminders(context));

export const config: Config = { schedule: '*/5 * * * *' };
