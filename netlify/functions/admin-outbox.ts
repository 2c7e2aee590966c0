/**
 * GET /api/admin/outbox (admin): one page of the e-mails written to the outbox instead of being sent
 * (no SMTP configured, or SMTP refused them), newest first (`?limit=&cursor=`), of one recipient
 * (`?to=`) and of one kind (`?kind=`) when asked: a filter reads only the mails it names. Only the
 * text body travels: the admin area shows stored text as text.
 */
import type { Config } from '@netlify/functions';
import { outboxFilterSchema, type OutboxItem } from '#lib/admin-lists.schema';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';
import { outboxPage, type OutboxMail } from '#server/core/mail';

const toItem = (id: string, mail: OutboxMail): OutboxItem => ({
  id,
  kind: mail.kind ?? null,
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
    const url = new URL(req.url);
    const filter = parse(outboxFilterSchema, {
      to: url.searchParams.get('to') ?? undefined,
      kind: url.searchParams.get('kind') ?? undefined,
    });
    const page = await outboxPage(pageQueryOf(url), context, filter);
    return privateJson({ ...page, items: page.items.map(({ key, value }) => toItem(key, value)) });
  },
});

export const config: Config = { path: '/api/admin/outbox' };
