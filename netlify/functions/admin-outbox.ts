/**
 * /api/admin/outbox (admin): GET one page of every e-mail the site sent or tried to send, with what
 * became of it, newest first (`?limit=&cursor=`), of one recipient (`?to=`) and of one kind
 * (`?kind=`) when asked: a filter reads only the mails it names. Only the text body travels: the admin
 * area shows stored text as text. POST { id } sends one again: a mail refused for good, or one whose
 * result is not known.
 */
import type { Config } from '@netlify/functions';
import { outboxFilterSchema, outboxResendSchema, type OutboxItem } from '#lib/admin-lists.schema';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { HttpError, parse, privateJson, readBody, route, pageQueryOf } from '#server/core/http';
import { isResendable, mailResult, outboxMail, outboxPage, resendMail, type OutboxMail } from '#server/core/mail';

const toItem = (id: string, mail: OutboxMail, now: Date): OutboxItem => ({
  id,
  kind: mail.kind ?? null,
  from: mail.from,
  to: [mail.to].flat(),
  replyTo: mail.replyTo ?? null,
  subject: mail.subject,
  text: mail.text,
  queuedAt: mail.queuedAt,
  result: mailResult(mail, now),
  error: mail.error ?? null,
  sentAt: mail.sentAt ?? null,
  gaveUpAt: mail.gaveUpAt ?? null,
  resendable: Boolean(process.env.SMTP_URL) && isResendable(mail, now),
});

const REFUSALS = {
  'not-found': [404, 'No such e-mail in the outbox.'],
  'no-smtp': [409, 'No mail server is configured, so nothing can be sent.'],
  taken: [409, 'Someone is sending this e-mail again already.'],
  'not-resendable': [
    409,
    'Only an e-mail the mail server refused for good, or one whose result is not known, is sent again.',
  ],
} as const;

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const filter = parse(outboxFilterSchema, {
      to: url.searchParams.get('to') ?? undefined,
      kind: url.searchParams.get('kind') ?? undefined,
    });
    const page = await outboxPage(pageQueryOf(url), context, filter);
    const now = new Date();
    return privateJson({ ...page, items: page.items.map(({ key, value }) => toItem(key, value, now)) });
  },
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { id } = await readBody(req, outboxResendSchema);
    const now = new Date();
    const before = await outboxMail(id, context);
    const change = {
      action: 'mail-resent',
      subject: { kind: 'mail', id },
      before: before && { result: mailResult(before, now) },
      after: before && { result: 'sent' },
    } as const;
    const resent = await audited(context, caller, change, async () => {
      const outcome = await resendMail(id, context, now);
      if (outcome.outcome === 'refused') throw new HttpError(503, `The mail server refused it again: ${outcome.error}`);
      if (outcome.outcome !== 'sent') {
        const [status, message] = REFUSALS[outcome.outcome];
        throw new HttpError(status, message);
      }
      return outcome.mail;
    });
    return privateJson(toItem(id, resent, now));
  },
});

export const config: Config = { path: '/api/admin/outbox' };
