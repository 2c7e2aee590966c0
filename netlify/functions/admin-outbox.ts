/**
 * GET /api/admin/outbox (admin): one page of the e-mails written to the outbox instead of being sent
 * (no SMTP configured, or SMTP refused them), newest first (`?limit=&cursor=`). Only the text body
 * travels: the admin area shows stored text as text.
 */
import type { Config } from '@netlify/functions';
import type { OutboxItem } from '#lib/admin-lists.schema';
import { requireAdmin } from '#server/core/auth';
import { privateJson, route, pageQueryOf } from '#server/core/http';
import { outboxPage, type OutboxMail } from '#server/core/mail';

const toItem = (id: string, mail: OutboxMail): OutboxItem => ({
  id,
  from: mail.from,
  to: [mail.to].flat(),
  replyTo: mail.replyTo ?? null,
  subject: mail.subject,
  text: mail.text,
  queuedAt: mail.queuedAt,
  reason: mail.reason,
  error: mail.error ?? null,
  sentAt: mail.sentAt ?? null,
  gaveUpAt: mail.gaveUpAt ?? null,
});

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const page = await outboxPage(pageQueryOf(new URL(req.url)), context);
    return privateJson({ ...page, items: page.items.map(({ key, value }) => toItem(key, value)) });
  },
});

export const config: Config = { path: '/api/admin/outbox' };
