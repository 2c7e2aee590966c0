/**
 * The one way the site sends e-mail. With SMTP_URL set it goes out through SMTP;
 * otherwise, or when SMTP fails, it is written to the `outbox` store so that no message is lost
 * (the admin area lists the outbox). What SMTP refused is tried again later from the outbox (a timer
 * per attempt, run by the scheduled timers), with growing pauses, until it goes or we give up.
 * Every kept mail is found by its recipients' words and the order and project ids of its subject, and
 * listed by recipient and by kind (storage/list-index.ts).
 * Environment: SMTP_URL (e.g. smtps://user:pass@smtp.example.com), MAIL_FROM.
 */
import type { MailKind } from '#lib/admin-lists';
import type { Page, PageQuery } from '#lib/paging';
import { site } from '#lib/site';
import { appendOnlyStore, onceKey, timeKey, type Entry } from '#server/storage/append-only';
import { listIndex, type Indexed } from '#server/storage/list-index';
import type { WordLimit } from '#server/storage/kept-keys';
import { readRecords } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { timersRepo, type TimerHandler } from './timers';

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, e.g. the family who sent an inquiry. */
  replyTo?: string;
  /** Extra header lines, e.g. a newsletter mail's List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * A calendar invite or cancellation (.ics text): nodemailer sends it as the text/calendar part that
   * mail apps turn into an event, and attaches it as a file; the outbox keeps it with the rest.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

/** A mail as it is sent: what it is about decides where the owner finds it. */
export interface KindedMail extends Mail {
  kind: MailKind;
}

export interface OutboxMail extends Mail {
  /** Absent on mails kept before mails had kinds. */
  kind?: MailKind;
  from: string;
  queuedAt: string;
  /**
   * Why it is here: no SMTP configured, SMTP refused it (with the error), or (a mail sent once per
   * `once` id) SMTP took it and this is the record that keeps a retry from sending it again.
   */
  reason: 'no-smtp' | 'smtp-failed' | 'smtp-sent';
  error?: string;
  /** Set once a later attempt got it through SMTP after all. */
  sentAt?: string;
  /** Set when the last attempt failed too: the admin has to see to it. */
  gaveUpAt?: string;
  /** Set when its person closed their account: it was emptied, and is never sent again. */
  removedAt?: string;
}

/** The pauses before each new attempt of mail SMTP refused: 5 minutes, then 30, 2 hours, 12 hours. */
export const MAIL_RETRY_DELAYS_MS = [5, 30, 120, 720].map((minutes) => minutes * 60_000);

type MailResult = { via: 'smtp'; messageId: string } | { via: 'outbox'; key: string };

export const DEFAULT_MAIL_FROM = `${site.name} <${site.email}>`;

/**
 * A function has seconds, not minutes: a slow or unreachable SMTP server must give up early so the
 * message can go to the outbox instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 4000, greetingTimeout: 4000, socketTimeout: 6000 };
const SMTP_SEND_LIMIT_MS = 8000;

const recipients = (mail: Pick<Mail, 'to'>) => [mail.to].flat().filter(Boolean);
/** The order and project ids a subject names ('Your order BCC-7KQ2MX is confirmed'). */
const idsIn = (subject: string) => subject.match(/\bBCC-[A-Z0-9]{6}(?:-[1-9][0-9]{0,2})?\b/g) ?? [];
const ADDRESSES = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[a-z]{2,}/gi;
/** An order's id, alone or at the head of one of its projects' ids. */
const ORDER_IDS = /\bBCC-[A-Z0-9]{6}\b/g;
/**
 * Whom and what a mail is about, wherever it names them: every address in it but the business's own,
 * and every order (a project's id names its order). A closed account finds its mails by these.
 */
function aboutOf(mail: OutboxMail): string[] {
  const text = [...recipients(mail), mail.replyTo ?? '', mail.subject, mail.text].join('\n');
  const addresses = (text.match(ADDRESSES) ?? []).map((address) => address.toLowerCase());
  const orders = (text.match(ORDER_IDS) ?? []).map((id) => id.toLowerCase());
  return [...new Set([...addresses, ...orders])].filter((value) => value !== site.email.toLowerCase());
}
/**
 * What finds a kept mail: its recipients, the ids its subject names; its recipients and kind list it,
 * and what it is about.
 */
const indexed = (key: string, mail: OutboxMail): Indexed => ({
  id: key,
  fields: [...recipients(mail), ...idsIn(mail.subject)],
  by: { to: recipients(mail).map((to) => to.toLowerCase()), kind: mail.kind, all: ALL, about: aboutOf(mail) },
});
/** The filter every mail has: the whole outbox, newest month first. */
const ALL = 'mail';

const outbox = (info?: DeployInfo) => appendOnlyStore<OutboxMail>('outbox', info, { list: 'outbox', of: indexed });

/**
 * Hands `mail` to the SMTP server; answers the message id, throws what SMTP said. A mail sent once
 * per id carries a Message-ID made from it: should a retry send it again after all (the record of
 * the first send was lost), mail servers and clients see one message.
 */
async function sendSmtp(mail: Mail & { from: string }, smtpUrl: string, messageKey?: string): Promise<string> {
  // Loaded only when mail really leaves: a request that queues to the outbox never pays for it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const messageId = messageKey && `<${messageKey}@${site.email.split('@')[1]}>`;
  return (
    await transport.sendMail({
      ...mail,
      ...(messageId && { messageId }),
      signal: AbortSignal.timeout(SMTP_SEND_LIMIT_MS),
    })
  ).messageId;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A mail that a flow sends once, however often the flow is retried: `id` names it among the flow's
 * mails (no '/'), and `at` is a time the flow keeps (when the order was paid), so every retry makes
 * the same outbox key.
 */
export interface Once {
  id: string;
  at: Date;
}

export type SendResult = MailResult | { via: 'already'; key: string };

/**
 * Sends `mail`; answers how it went. Throws only if neither SMTP nor the outbox took it (a
 * StorageError: the caller's flow is retried). With `once`, a mail this flow sent before is not
 * sent again: its outbox record is the proof.
 */
export async function sendMail(
  mail: KindedMail,
  info?: DeployInfo,
  now = new Date(),
  once?: Once,
): Promise<SendResult> {
  const from = process.env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const smtpUrl = process.env.SMTP_URL;
  const box = outbox(info);
  const record = (reason: OutboxMail['reason'], extra: Partial<OutboxMail> = {}): OutboxMail => ({
    ...mail,
    from,
    queuedAt: now.toISOString(),
    reason,
    ...extra,
  });
  /** Keeps the mail in the outbox: once per `once` id, or under a fresh key. */
  const keep = async (value: OutboxMail): Promise<{ key: string; fresh: boolean }> =>
    once
      ? { key: onceKey(once.id, once.at), fresh: await box.appendOnce(once.id, value, once.at) }
      : { key: await box.append(value, now), fresh: true };

  if (once && (await box.get(onceKey(once.id, once.at)))) return { via: 'already', key: onceKey(once.id, once.at) };
  if (!smtpUrl) {
    const { key, fresh } = await keep(record('no-smtp'));
    return fresh ? { via: 'outbox', key } : { via: 'already', key };
  }

  let messageId: string;
  try {
    messageId = await sendSmtp({ ...mail, from }, smtpUrl, once && onceKey(once.id, once.at));
  } catch (error) {
    const reason = errorText(error);
    // The retry timer first: a timer for a mail not kept finds nothing to do, but a mail kept with no
    // timer would never be tried again.
    const key = once ? onceKey(once.id, once.at) : timeKey(now);
    await timersRepo(info).schedule(new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[0]), key, MAIL_TIMER, 1);
    if (once) await box.appendOnce(once.id, record('smtp-failed', { error: reason }), once.at);
    else await box.appendAt(key, record('smtp-failed', { error: reason }));
    console.error(`SMTP refused "${mail.subject}" (${reason}); kept in the outbox as ${key}, to be tried again.`);
    return { via: 'outbox', key };
  }
  if (once) await keep(record('smtp-sent', { sentAt: now.toISOString() }));
  return { via: 'smtp', messageId };
}

const MAIL_TIMER = 'mail';

/** The outbox's timers: a mail SMTP refused, tried again. */
export const mailTimers: Record<string, TimerHandler<DeployInfo>> = {
  [MAIL_TIMER]: (timer, info, now) => retryMail(timer.subjectId, Number(timer.ref), info, now),
};

/**
 * Tries again to send the outbox mail `key` that SMTP refused (attempt `attempt`, counting the
 * first try as 0): sent, it is marked so; refused again, the next attempt is set, or after the last
 * one it is marked given up. A mail already sent or given up is left alone, so a timer run twice
 * sends once.
 */
export async function retryMail(
  key: string,
  attempt: number,
  info?: DeployInfo,
  now = new Date(),
): Promise<'sent' | 'retry' | 'gave-up' | 'done'> {
  const store = openStore('outbox', info);
  const mail = (await store.get(key, { type: 'json' })) as OutboxMail | null;
  const smtpUrl = process.env.SMTP_URL;
  if (!mail || mail.reason !== 'smtp-failed' || mail.sentAt || mail.gaveUpAt || mail.removedAt || !smtpUrl)
    return 'done';
  const { from, to, subject, text, html, replyTo, icalEvent } = mail;
  try {
    await sendSmtp({ from, to, subject, text, html, replyTo, icalEvent }, smtpUrl);
    await store.setJSON(key, { ...mail, sentAt: now.toISOString() });
    return 'sent';
  } catch (error) {
    const delay = MAIL_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      await store.setJSON(key, { ...mail, error: errorText(error), gaveUpAt: now.toISOString() });
      console.error(`Gave up on "${subject}" (${key}) after ${attempt + 1} attempts: ${errorText(error)}`);
      return 'gave-up';
    }
    await store.setJSON(key, { ...mail, error: errorText(error) });
    await timersRepo(info).schedule(new Date(now.getTime() + delay), key, MAIL_TIMER, attempt + 1);
    return 'retry';
  }
}

/** What the owner's outbox is narrowed to: the mails to one address, of one kind. */
export interface OutboxFilter {
  to?: string;
  kind?: MailKind;
}

/**
 * Every mail's keys, made to agree with the outbox (`removeStray`: with nothing writing meanwhile).
 * Reads every mail: for `npm run reindex`, and once where the keys were never built.
 */
export async function rebuildOutboxIndex(info?: DeployInfo, removeStray = false) {
  const { items } = await outbox(info).page({ limit: Number.MAX_SAFE_INTEGER });
  return listIndex('outbox', info).rebuild(
    items.map(({ key, value }) => indexed(key, value)),
    removeStray,
  );
}

/**
 * One page of the outbox, newest first (for the admin area): all of it, or the mails `filter` names,
 * from their kept keys (both filters: the mails under both), month by month from the newest.
 */
export async function outboxPage(
  query: PageQuery,
  info?: DeployInfo,
  filter: OutboxFilter = {},
): Promise<Page<Entry<OutboxMail>>> {
  const to = filter.to?.toLowerCase();
  const values: Record<string, string> = {};
  if (to) values.to = to;
  if (filter.kind) values.kind = filter.kind;
  if (!to && !filter.kind) values.all = ALL;
  const page = await listIndex('outbox', info).pageWith(values, query, () => rebuildOutboxIndex(info));
  const records = await readRecords<OutboxMail>(openStore('outbox', info), page.items);
  // A key whose write was cut short names a mail that is not what it says: the mail decides.
  return {
    ...page,
    items: records.filter(
      ({ value }) =>
        (!to || recipients(value).some((address) => address.toLowerCase() === to)) &&
        (!filter.kind || value.kind === filter.kind),
    ),
  };
}

/** Writes `after` over the kept mail `key`, as it was (`before`), its keys in step. */
export const replaceOutboxMail = (key: string, before: OutboxMail, after: OutboxMail, info?: DeployInfo) =>
  listIndex('outbox', info).write(indexed(key, before), indexed(key, after), () =>
    openStore('outbox', info).setJSON(key, after),
  );

/**
 * Every kept mail that names any of `about` (addresses, order ids) anywhere in it, however old: what a
 * closed account's mails are found by, without reading anyone else's.
 */
export async function outboxAbout(about: readonly string[], info?: DeployInfo): Promise<Entry<OutboxMail>[]> {
  const index = listIndex('outbox', info);
  const pages = await Promise.all(
    [...new Set(about.map((value) => value.toLowerCase()))].map((value) =>
      index.pageWith({ about: value }, { limit: Number.MAX_SAFE_INTEGER }, () => rebuildOutboxIndex(info)),
    ),
  );
  const keys = [...new Set(pages.flatMap((page) => page.items))].sort().reverse();
  return readRecords<OutboxMail>(openStore('outbox', info), keys);
}

/** The mails with a word starting with each of `words` (searchWords), or a few more, newest first, however old. */
export async function outboxWithWords(
  words: readonly string[],
  info?: DeployInfo,
  limit?: WordLimit,
): Promise<Entry<OutboxMail>[]> {
  const keys = await listIndex('outbox', info).withWords(words, () => rebuildOutboxIndex(info), limit);
  return readRecords<OutboxMail>(openStore('outbox', info), keys.sort().reverse());
}

/** The newest `limit` e-mails of the outbox. */
export const listOutbox = async (info?: DeployInfo, limit = 100) => (await outboxPage({ limit }, info)).items;

/** Escapes text for an HTML e-mail body: stored text is always text. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail of paragraphs, as text and as escaped HTML, answered to our inbox. */
export const paragraphsMail = (to: string, subject: string, paragraphs: string[]): Mail => ({
  to,
  subject,
  text: paragraphs.join('\n\n'),
  html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  replyTo: site.email,
});
