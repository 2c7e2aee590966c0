/**
 * The admin area's lists of inquiries, orders, waitlist and outbox: what GET /api/admin/inquiries, /orders,
 * /waitlist and /outbox answer. Without zod, so the admin island can use it without shipping the
 * schema library; admin-lists.schema.ts re-exports it beside the schemas that parse the queries and bodies.
 */
import type { Inquiry } from './schemas';

/** Keys of the append-only stores (inquiries, outbox): ISO time + '-' + 8 hex characters. */
export const TIME_KEY_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f]{8}$/;

/**
 * Keys of the outbox's mails: an ISO time and 8 hex characters, or for a mail a flow sends once, an
 * ISO time and the flow's name for it.
 */
export const OUTBOX_KEY_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[A-Za-z0-9._@:-]{1,200}$/;

export const INQUIRY_FILTERS = ['all', 'open', 'handled'] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

/** An inquiry as the admin reads it: what the family sent, when, and whether someone answered it. */
export interface InquiryItem extends Inquiry {
  id: string;
  receivedAt: string;
  handled: boolean;
  handledAt: string | null;
  /** The preferred editor's current name; null for 'any' or an editor deleted since. */
  preferredEditorName: string | null;
  /** The admin who looks after it, by address; null for nobody yet. */
  owner: string | null;
  /** Our team's notes and the replies mailed to the family, oldest first. */
  work: InquiryWork[];
}

/** A note our team keeps on an inquiry, or a reply mailed to its address (`id`: the request's, once). */
export interface InquiryWork {
  id: string;
  kind: 'note' | 'reply';
  at: string;
  by: string;
  text: string;
}

/** The longest note or reply, and how many an inquiry keeps. */
export const INQUIRY_WORK_TEXT_MAX = 5000;
export const INQUIRY_WORK_MAX = 50;

export const inquiryWorkMessages = {
  noteSaved: 'Note saved.',
  replySent: (email: string) => `Reply sent to ${email}, and kept with the inquiry.`,
  ownerSet: (owner: string | null) => (owner ? `The inquiry is ${owner}’s now.` : 'The inquiry is nobody’s now.'),
  ownerNotOnTeam: 'That address is not on the team.',
  full: `An inquiry keeps at most ${INQUIRY_WORK_MAX} notes and replies.`,
  empty: 'Write the note or the reply first.',
} as const;

/** When someone on a waitlist was told the editor had room, and in which of the editor's openings. */
export interface WaitlistTold {
  at: string;
  opening: number;
}

/** A waitlist entry: `at` is when the person joined; `told` null while they wait. */
export interface WaitlistItem {
  email: string;
  editorId: string;
  editorName: string;
  at: string;
  told: WaitlistTold | null;
}

/** How many people wait for each editor, by editor id (editors nobody waits for are absent). */
export type WaitlistCounts = Record<string, number>;

/** What a mail is about: the outbox is filtered by it. */
export const MAIL_KINDS = [
  'order',
  'project',
  'consult',
  'inquiry',
  'newsletter',
  'waitlist',
  'account',
  'owner',
  'editor',
  'staff',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailKindLabel: Record<MailKind, string> = {
  order: 'Orders and refunds',
  project: 'Projects and student access',
  consult: 'Consults',
  inquiry: 'Inquiries',
  newsletter: 'Newsletter',
  waitlist: 'Waitlist',
  account: 'Closed accounts',
  owner: 'Notices to the owner',
  editor: 'Editors: invitations and earnings',
  staff: 'Team invitations',
};

/**
 * What became of a mail: kept without a mail server (local mode), sent, being sent, refused and to be
 * tried again, refused for good, not known (the site asked the mail server and never recorded its
 * answer), or emptied when its person closed their account.
 */
export type MailResult = 'kept' | 'sent' | 'sending' | 'retrying' | 'failed' | 'unknown' | 'removed';

/** Every e-mail the site sent or tried to send, with what became of it. */
export interface OutboxItem {
  id: string;
  /** Null for a mail kept before mails had kinds. */
  kind: MailKind | null;
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  queuedAt: string;
  result: MailResult;
  /** What the mail server said when it refused it. */
  error: string | null;
  /** When the mail server took it, or the time the attempts stopped. */
  sentAt: string | null;
  gaveUpAt: string | null;
  /** Whether an admin may send it again now: refused for good, or its result not known. */
  resendable: boolean;
}
