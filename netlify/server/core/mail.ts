/**
 * The one way the site sends e-mail, and the record of every mail it sent. With SMTP_URL set it goes
 * out through SMTP; otherwise, or when SMTP fails, it is kept in the `outbox` store so that no
 * message is lost. Every mail is kept there before it leaves, then marked with what SMTP answered: the
 * owner reads what was sent to whom and when, and a mail whose answer was never written reads as 'not
 * known' (mailResult) and can be sent again. What SMTP refused is tried again later from the outbox
 * (a timer per attempt, run by the scheduled timers), with growing pauses, until it goes or we give up.
 * Every kept mail is found by its recipients' words and the order and project ids of its subject, and
 * listed by recipient and by kind (storage/list-index.ts).
 * Environment: SMTP_URL (e.g. smtps://user:pass@smtp.example.com), MAIL_FROM.
 */
import type { MailKind, MailResult } from '#lib/admin-lists';
import type { Page, PageQuery } from '#lib/paging';
import { site } from '#lib/site';
import { appendOnlyStore, onceKey, type Entry } from '#server/storage/append-only';
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
   * How it went: no SMTP configured, SMTP refused it (with the error), SMTP took it, or SMTP was asked
   * at `attemptAt` and its answer is not written (yet, or ever: the function ended first).
   */
  reason: 'no-smtp' | 'smtp-failed' | 'smtp-sent' | 'sending';
  /** When SMTP was last asked to send it. */
  attemptAt?: string;
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

/**
 * How long after SMTP was asked a mail still marked 'sending' may yet be answered: a send gives up
 * within SMTP_SEND_LIMIT_MS and a function within 26 s. Later, its result is not known.
 */
export const MAIL_LOST_AFTER_MS = 60_000;

/** What became of a kept mail at `now`, in the owner's terms. */
export function mailResult(mail: OutboxMail, now: Date): MailResult {
  if (mail.removedAt) return 'removed';
  if (mail.reason === 'no-smtp') return 'kept';
  if (mail.reason === 'smtp-sent' || mail.sentAt) return 'sent';
  if (mail.reason === 'sending')
    return now.getTime() - Date.parse(mail.attemptAt ?? mail.queuedAt) > MAIL_LOST_AFTER_MS ? 'unknown' : 'sending';
  return mail.gaveUpAt ? 'failed' : 'retrying';
}

type SentVia = { via: 'smtp'; messageId: string } | { via: 'outbox'; key: string };

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

/** A kept mail as SMTP is handed it again: what was sent, none of the record's bookkeeping. */
const outgoing = ({ from, to, subject, text, html, replyTo, headers, icalEvent }: OutboxMail) => ({
  from,
  to,
  subject,
  text,
  html,
  replyTo,
  headers,
  icalEvent,
});

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

export type SendResult = SentVia | { via: 'already'; key: string };

/**
 * Sends `mail`; answers how it went. Throws only if neither SMTP nor the outbox took it (a
 * StorageError: the caller's flow is retried). The mail is kept before SMTP is asked: a mail that
 * cannot be kept is not sent. With `once`, a mail this flow sent before is not sent again: its outbox
 * record is the proof; one left 'sending' by an attempt cut short is sent again under the same
 * Message-ID, which mail servers and clients see as one message.
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
  /** Keeps the mail in the outbox under its key: false when a record of this `once` mail is there already. */
  const keep = async (value: OutboxMail): Promise<boolean> => {
    if (once) return box.appendOnce(once.id, value, once.at);
    key = await box.append(value, now);
    return true;
  };
  let key = once ? onceKey(once.id, once.at) : '';
  const kept = once ? await box.get(key) : null;
  if (kept && kept.reason !== 'sending') return { via: 'already', key };
  if (!smtpUrl) return (await keep(record('no-smtp'))) ? { via: 'outbox', key } : { via: 'already', key };

  const sending = record('sending', { attemptAt: now.toISOString() });
  if (!kept && !(await keep(sending))) return { via: 'already', key };
  const store = openStore('outbox', info);
  let messageId: string;
  try {
    messageId = await sendSmtp({ ...mail, from }, smtpUrl, once && key);
  } catch (error) {
    const reason = errorText(error);
    // The retry timer first: a timer for a mail marked sent finds nothing to do, but a refused mail
    // with no timer would never be tried again.
    await timersRepo(info).schedule(new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[0]), key, MAIL_TIMER, 1);
    await store.setJSON(key, record('smtp-failed', { attemptAt: sending.attemptAt, error: reason }));
    console.error(`SMTP refused "${mail.subject}" (${reason}); kept in the outbox as ${key}, to be tried again.`);
    return { via: 'outbox', key };
  }
  try {
    await store.setJSON(key, record('smtp-sent', { attemptAt: sending.attemptAt, sentAt: now.toISOString() }));
  } catch (error) {
    // The mail has left: failing the flow would send it again. Its record reads 'not known' instead.
    console.error(`"${mail.subject}" was sent but its result could not be recorded (${key}):`, error);
  }
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
  try {
    await sendSmtp(outgoing(mail), smtpUrl);
    await store.setJSON(key, { ...mail, sentAt: now.toISOString() });
    return 'sent';
  } catch (error) {
    const delay = MAIL_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      await store.setJSON(key, { ...mail, error: errorText(error), gaveUpAt: now.toISOString() });
      console.error(`Gave up on "${mail.subject}" (${key}) after ${attempt + 1} attempts: ${errorText(error)}`);
      return 'gave-up';
    }
    await store.setJSON(key, { ...mail, error: errorText(error) });
    await timersRepo(info).schedule(new Date(now.getTime() + delay), key, MAIL_TIMER, attempt + 1);
    return 'retry';
  }
}

/** Whether an admin may send the kept mail again at `now`: refused for good, or its result not known. */
export const isResendable = (mail: OutboxMail, now: Date) => ['failed', 'unknown'].includes(mailResult(mail, now));

export type Resent =
  | { outcome: 'sent'; mail: OutboxMail }
  | { outcome: 'refused'; error: string }
  | { outcome: 'not-found' | 'no-smtp' | 'taken' }
  | { outcome: 'not-resendable'; result: MailResult };

/**
 * Sends the kept mail `key` again, for an admin: only one refused for good or whose result is not
 * known. The attempt is claimed with a compare-and-set first, so two admins at once send it once; it
 * goes under a Message-ID made from its key, so a mail that had left after all is seen as one message.
 * Refused again, it is marked given up again, with what SMTP said.
 */
export async function resendMail(key: string, info?: DeployInfo, now = new Date()): Promise<Resent> {
  const smtpUrl = process.env.SMTP_URL;
  const store = openStore('outbox', info);
  const found = await store.getWithMetadata(key);
  if (!found) return { outcome: 'not-found' };
  const mail = found.data as OutboxMail;
  if (!isResendable(mail, now)) return { outcome: 'not-resendable', result: mailResult(mail, now) };
  if (!smtpUrl) return { outcome: 'no-smtp' };
  const attempt = { ...mail, reason: 'sending' as const, attemptAt: now.toISOString() };
  if (!(await store.setJSON(key, attempt, { onlyIfMatch: found.etag ?? '' }))) return { outcome: 'taken' };
  try {
    await sendSmtp(outgoing(mail), smtpUrl, key);
  } catch (error) {
    await store.setJSON(key, {
      ...attempt,
      reason: 'smtp-failed',
      error: errorText(error),
      gaveUpAt: now.toISOString(),
    });
    return { outcome: 'refused', error: errorText(error) };
  }
  const sent: OutboxMail = { ...attempt, reason: 'smtp-sent', sentAt: now.toISOString() };
  delete sent.gaveUpAt;
  await store.setJSON(key, sent);
  return { outcome: 'sent', mail: sent };
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

/** The kept mail `key`; null when there is none. */
export const outboxMail = async (key: string, info?: DeployInfo) =>
  (await openStore('outbox', info).get(key, { type: 'json' })) as OutboxMail | null;

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
