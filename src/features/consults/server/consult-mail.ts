/**
 * The consult's e-mails: the confirmation with its invite and cancel link, the cancellation with the
 * invite's cancellation, the reminder, and the business's copies. Times are shown in the visitor's
 * zone (and New York's for the business) with the same formatting as the pages.
 */
import { ANY_EDITOR, majorLabel } from '#lib/contact';
import { consultMessages } from '../consult-messages';
import { formatConsult, formatDay, formatTime } from '../consult-format';
import { BUSINESS_TIME_ZONE, CANCEL_PAGE_PATH } from '../consult-rules';
import { site } from '#lib/site';
import { consultInvite, type InviteMethod } from './consult-calendar';
import type { ConsultBooking } from './consults.repo';
import { serverEnv } from '#server/core/env';
import { escapeHtml, sendMail, type Mail } from '#server/core/mail';
import { greetingName } from '#server/core/visitor-name';
import type { DeployInfo } from '#server/storage/stores';

/** A paragraph of text, or a link that reads as its label in HTML and as its address in plain text. */
type Block = string | { label: string; href: string };

function body(blocks: Block[]): Pick<Mail, 'text' | 'html'> {
  const text = blocks.map((b) => (typeof b === 'string' ? b : `${b.label}: ${b.href}`)).join('\n\n');
  const html = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p style="white-space:pre-wrap">${escapeHtml(b)}</p>`
        : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`,
    )
    .join('\n');
  return { text, html };
}

/** A header holds one line: whatever the visitor typed, the subject stays one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const cancelLink = (token: string) => `${serverEnv().URL}${CANCEL_PAGE_PATH}#token=${token}`;
const bookAgainLink = () => `${serverEnv().URL}/contact#book-consult`;

/** The first line of a mail to the visitor: their cleaned first name at most (visitor-name.ts). */
const greeting = (booking: ConsultBooking) => `Hi ${greetingName(booking.name) ?? 'there'},`;

const when = (booking: ConsultBooking, timeZone = booking.timeZone) =>
  formatConsult(booking.start, booking.end, timeZone);
/** The New York time too, unless the visitor is in New York: the business says times in its own zone. */
const whenWithBusinessTime = (booking: ConsultBooking) =>
  booking.timeZone === BUSINESS_TIME_ZONE ? when(booking) : `${when(booking)}\n(${when(booking, BUSINESS_TIME_ZONE)})`;

function invite(
  booking: ConsultBooking,
  method: InviteMethod,
  now: Date,
  description: string,
  link: string | null = null,
): Mail['icalEvent'] {
  return {
    method,
    filename: method === 'REQUEST' ? 'consult.ics' : 'consult-cancelled.ics',
    content: consultInvite(booking, method, { now, description, link }),
  };
}

const joinBlock = (link: string) => ({ label: 'Join the call', href: link });
/** What the visitor reads about joining: the link, or honestly that it will follow. */
const joining = (link: string | null): Block[] =>
  link
    ? ['At the time of the consult, join the call with this link:', joinBlock(link)]
    : ['Before the consult we will e-mail you a link to join the call.'];

/** The business's copy: who and when (New York time), with what the visitor told us; replies go to the visitor. */
function businessNotice(
  booking: ConsultBooking,
  subject: string,
  details: string[],
  icalEvent: Mail['icalEvent'],
): Mail {
  const rows = [
    `When: ${when(booking, BUSINESS_TIME_ZONE)}`,
    `Name: ${booking.name}`,
    `Email: ${booking.email}`,
    ...details,
    `Visitor's time zone: ${booking.timeZone}`,
  ];
  return { to: site.email, replyTo: booking.email, subject: oneLine(subject), ...body([rows.join('\n')]), icalEvent };
}

function bookingDetails(booking: ConsultBooking, editorName: string | null): string[] {
  const editor =
    booking.preferredEditor === ANY_EDITOR.value ? ANY_EDITOR.label : (editorName ?? booking.preferredEditor);
  return [
    `Intended major: ${booking.intendedMajor ? majorLabel(booking.intendedMajor) : 'Not given'}`,
    `Preferred editor: ${editor}`,
  ];
}

/**
 * To the visitor and to the business, each with the invite; the visitor's carries the cancel link and
 * the meeting link the booking recorded (`link` of its 'booked' event), or says it will follow.
 */
export function confirmationMails(
  booking: ConsultBooking,
  { token, editorName, now }: { token: string; editorName: string | null; now: Date },
): Mail[] {
  const cancel = { label: 'Cancel this consult', href: cancelLink(token) };
  const link = booking.history.find((e) => e.type === 'booked')?.link ?? null;
  const joinLine = link ? `\n\nJoin the call: ${link}` : '';
  const icalEvent = invite(
    booking,
    'REQUEST',
    now,
    `${consultMessages.eventTitle}.${joinLine}\n\nNeed to cancel? ${cancel.href}`,
    link,
  );
  const toVisitor: Mail = {
    to: booking.email,
    replyTo: site.email,
    subject: `Your free consult is booked: ${formatDay(booking.start, booking.timeZone)} at ${formatTime(booking.start, booking.timeZone)}`,
    ...body([
      greeting(booking),
      `Your free 15-minute consult with ${site.name} is booked for:\n${whenWithBusinessTime(booking)}`,
      ...joining(link),
      'The calendar invite is attached. Questions before then? Just reply to this e-mail.',
      'Cannot make it after all? Please cancel, so that someone else can have the time:',
      cancel,
    ]),
    icalEvent,
  };
  const subject = `New consult: ${booking.name}, ${when(booking, BUSINESS_TIME_ZONE)}`;
  return [toVisitor, businessNotice(booking, subject, bookingDetails(booking, editorName), icalEvent)];
}

/** To the visitor; the business gets a copy when the visitor cancelled (an admin who cancelled knows). */
export function cancellationMails(booking: ConsultBooking, { now }: { now: Date }): Mail[] {
  const byAdmin = booking.history.some((e) => e.type === 'cancelled' && e.by === 'admin');
  const icalEvent = invite(booking, 'CANCEL', now, `${consultMessages.eventTitle} (cancelled).`);
  const toVisitor: Mail = {
    to: booking.email,
    replyTo: site.email,
    subject: `Your free consult on ${formatDay(booking.start, booking.timeZone)} is cancelled`,
    ...body([
      greeting(booking),
      byAdmin
        ? `We are sorry: we had to cancel your free consult on\n${when(booking)}.`
        : `Your free consult on\n${when(booking)}\nis cancelled, as you asked.`,
      'The attached update removes it from your calendar. Whenever you like, choose another time:',
      { label: 'Book a free consult', href: bookAgainLink() },
    ]),
    icalEvent,
  };
  if (byAdmin) return [toVisitor];
  return [
    toVisitor,
    businessNotice(booking, `Consult cancelled: ${booking.name}, ${when(booking, BUSINESS_TIME_ZONE)}`, [], icalEvent),
  ];
}

/**
 * The day before, with the meeting link that applies then. The token is stored only as a hash, so
 * this one points to the confirmation's cancel link.
 */
export function reminderMail(booking: ConsultBooking, link: string | null): Mail {
  return {
    to: booking.email,
    replyTo: site.email,
    subject: `Reminder: your free consult on ${formatDay(booking.start, booking.timeZone)} at ${formatTime(booking.start, booking.timeZone)}`,
    ...body([
      greeting(booking),
      `A reminder of your free 15-minute consult with ${site.name}:\n${whenWithBusinessTime(booking)}`,
      ...joining(link),
      'If you can no longer make it, please use the cancel link in your confirmation e-mail, so that someone else can have the time.',
    ]),
  };
}

/** A new or first meeting link for a booked consult, with the invite updated to carry it (its SEQUENCE raised). */
export function linkMail(booking: ConsultBooking, link: string, now: Date): Mail {
  return {
    to: booking.email,
    replyTo: site.email,
    subject: `The link to join your free consult on ${formatDay(booking.start, booking.timeZone)}`,
    ...body([
      greeting(booking),
      `Here is the link to join your free 15-minute consult with ${site.name} on:\n${whenWithBusinessTime(booking)}`,
      joinBlock(link),
      'The attached update adds it to your calendar. If you can no longer make it, please use the cancel link in your confirmation e-mail.',
    ]),
    icalEvent: invite(booking, 'REQUEST', now, `${consultMessages.eventTitle}.\n\nJoin the call: ${link}`, link),
  };
}

/**
 * Sends a flow's mails, each once however often the flow is retried: mail i is `${flow}-${i}`, kept at
 * `at`, a time the flow stores. Answers how many went now (not sent before). Tries them all, then
 * throws the first failure (a StorageError: the caller answers 503, and its retry sends only what is
 * missing).
 */
export async function sendOnce(mails: Mail[], info: DeployInfo, flow: string, at: Date): Promise<number> {
  const results = await Promise.allSettled(
    mails.map((mail, i) => sendMail({ ...mail, kind: 'consult' }, info, new Date(), { id: `${flow}-${i}`, at })),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.filter((r) => r.status === 'fulfilled' && r.value.via !== 'already').length;
}
