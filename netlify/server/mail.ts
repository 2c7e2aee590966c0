/**
 * The one way the site sends e-mail (DESIGN §6). With SMTP_URL set it goes out through SMTP;
 * otherwise, or when SMTP fails, it is written to the `outbox` store so that no message is lost
 * (the admin area lists the outbox). What SMTP refused is tried again later from the outbox (a timer
 * per attempt, run by the scheduled timers), with growing pauses, until it goes or we give up.
 * Environment: SMTP_URL (e.g. smtps://user:pass@smtp.example.com), MAIL_FROM.
 */
import type { PageQuery } from '../../src/lib/paging';
import { site } from '../../src/lib/site';
import { appendOnlyStore } from './append-only';
import { openStore, type DeployInfo } from './stores';
import { timersRepo } from './timers';

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, e.g. the family who sent an inquiry. */
  replyTo?: string;
  /**
   * A calendar invite or cancellation (.ics text): nodemailer sends it as the text/calendar part that
   * mail apps turn into an event, and attaches it as a file; the outbox keeps it with the rest.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface OutboxMail extends Mail {
  from: string;
  queuedAt: string;
  /** Why it is here: no SMTP configured, or SMTP refused it (with the error). */
  reason: 'no-smtp' | 'smtp-failed';
  error?: string;
  /** Set once a later attempt got it through SMTP after all. */
  sentAt?: string;
  /** Set when the last attempt failed too: the admin has to see to it. */
  gaveUpAt?: string;
}

/** The pauses before each new attempt of mail SMTP refused: 5 minutes, then 30, 2 hours, 12 hours. */
export const MAIL_RETRY_DELAYS_MS = [5, 30, 120, 720].map((minutes) => minutes * 60_000);

export type MailResult = { via: 'smtp'; messageId: string } | { via: 'outbox'; key: string };

export const DEFAULT_MAIL_FROM = `${site.name} <${site.email}>`;

/**
 * A function has seconds, not minutes: a slow or unreachable SMTP server must give up early so the
 * message can go to the outbox instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 4000, greetingTimeout: 4000, socketTimeout: 6000 };
const SMTP_SEND_LIMIT_MS = 8000;

const outbox = (info?: DeployInfo) => appendOnlyStore<OutboxMail>('outbox', info);

/** Hands `mail` to the SMTP server; answers the message id, throws what SMTP said. */
async function sendSmtp(mail: Mail & { from: string }, smtpUrl: string): Promise<string> {
  // Loaded only when mail really leaves: a request that queues to the outbox never pays for it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return (await transport.sendMail({ ...mail, signal: AbortSignal.timeout(SMTP_SEND_LIMIT_MS) })).messageId;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends `mail`; answers how it went. Throws only if neither SMTP nor the outbox took it. */
export async function sendMail(mail: Mail, info?: DeployInfo, now = new Date()): Promise<MailResult> {
  const from = process.env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const smtpUrl = process.env.SMTP_URL;
  const queue = (reason: OutboxMail['reason'], error?: string) =>
    outbox(info).append({ ...mail, from, queuedAt: now.toISOString(), reason, ...(error && { error }) }, now);
  if (!smtpUrl) return { via: 'outbox', key: await queue('no-smtp') };

  try {
    return { via: 'smtp', messageId: await sendSmtp({ ...mail, from }, smtpUrl) };
  } catch (error) {
    const reason = errorText(error);
    const key = await queue('smtp-failed', reason);
    await timersRepo(info).schedule(new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[0]), key, 'mail', 1);
    console.error(`SMTP refused "${mail.subject}" (${reason}); kept in the outbox as ${key}, to be tried again.`);
    return { via: 'outbox', key };
  }
}

/**
 * Tries again to send the outbox mail `key` that SMTP refused (attempt `attempt`, counting the
 * first try as 0): sent, it is marked so; refused again, the next attempt is set, or after the last
 * one it is marked given up. A mail already sent or given up is left alone, so a timer run twice
 * sends once.
 */
export async function retryMail(key: string, attempt: number, info?: DeployInfo, now = new Date()): Promise<'sent' | 'retry' | 'gave-up' | 'done'> {
  const store = openStore('outbox', info);
  const mail = (await store.get(key, { type: 'json' })) as OutboxMail | null;
  const smtpUrl = process.env.SMTP_URL;
  if (!mail || mail.reason !== 'smtp-failed' || mail.sentAt || mail.gaveUpAt || !smtpUrl) return 'done';
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
    await timersRepo(info).schedule(new Date(now.getTime() + delay), key, 'mail', attempt + 1);
    return 'retry';
  }
}

/** One page of the outbox, newest first (for the admin area). */
export const outboxPage = (query: PageQuery, info?: DeployInfo) => outbox(info).page(query);

/** The newest `limit` e-mails of the outbox. */
export const listOutbox = async (info?: DeployInfo, limit = 100) => (await outboxPage({ limit }, info)).items;

/** Escapes text for an HTML e-mail body: stored text is always text. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
