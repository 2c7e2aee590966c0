/**
 * The one way the site sends e-mail (DESIGN §6). With SMTP_URL set it goes out through SMTP;
 * otherwise, or when SMTP fails, it is written to the `outbox` store so that no message is lost
 * (the admin area lists the outbox).
 * Environment: SMTP_URL (e.g. smtps://user:pass@smtp.example.com), MAIL_FROM.
 */
import type { PageQuery } from '../../src/lib/paging';
import { site } from '../../src/lib/site';
import { appendOnlyStore } from './append-only';
import type { DeployInfo } from './stores';

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
}

export type MailResult = { via: 'smtp'; messageId: string } | { via: 'outbox'; key: string };

export const DEFAULT_MAIL_FROM = `${site.name} <${site.email}>`;

/**
 * A function has seconds, not minutes: a slow or unreachable SMTP server must give up early so the
 * message can go to the outbox instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 4000, greetingTimeout: 4000, socketTimeout: 6000 };
const SMTP_SEND_LIMIT_MS = 8000;

const outbox = (info?: DeployInfo) => appendOnlyStore<OutboxMail>('outbox', info);

/** Sends `mail`; answers how it went. Throws only if neither SMTP nor the outbox took it. */
export async function sendMail(mail: Mail, info?: DeployInfo): Promise<MailResult> {
  const from = process.env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const smtpUrl = process.env.SMTP_URL;
  const queue = (reason: OutboxMail['reason'], error?: string) =>
    outbox(info).append({ ...mail, from, queuedAt: new Date().toISOString(), reason, ...(error && { error }) });
  if (!smtpUrl) return { via: 'outbox', key: await queue('no-smtp') };

  try {
    // Loaded only when mail really leaves: a request that queues to the outbox never pays for it.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    const sent = await transport.sendMail({ ...mail, from, signal: AbortSignal.timeout(SMTP_SEND_LIMIT_MS) });
    return { via: 'smtp', messageId: sent.messageId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const key = await queue('smtp-failed', reason);
    console.error(`SMTP refused "${mail.subject}" (${reason}); kept in the outbox as ${key}.`);
    return { via: 'outbox', key };
  }
}

/** One page of the outbox, newest first (for the admin area). */
export const outboxPage = (query: PageQuery, info?: DeployInfo) => outbox(info).page(query);

/** The newest `limit` e-mails of the outbox. */
export const listOutbox = async (info?: DeployInfo, limit = 100) => (await outboxPage({ limit }, info)).items;

/** Escapes text for an HTML e-mail body: stored text is always text. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
