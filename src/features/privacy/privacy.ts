import { formatUsdCents } from '#lib/money';
import type { CancellationQuote } from '#lib/refunds';
import { PRIVACY_ATTENTION } from './privacy-audit';

/**
 * How long we keep what people give us. The scheduled retention run, the notice on a project and
 * the privacy policy all read these numbers, so the policy cannot promise a period the product
 * does not keep.
 */
export const RETENTION = {
  /** Drafts, files and messages of a project, from the day it became final, withdrawn or cancelled. */
  projectContentDays: 365,
  /** A project says this many days ahead that its content will be deleted. */
  projectWarningDays: 30,
  /** Inquiries and consult bookings, from the day they were made. */
  contactDays: 730,
} as const;

/** The same periods as the policy says them. */
export const RETENTION_WORDS = {
  projectContent: 'one year',
  projectWarning: 'a month',
  contact: 'two years',
} as const;

/** What a closed account's projects, orders and reviews say where the family's names were. */
export const ACCOUNT_CLOSED = 'Account closed';
export const FORMER_CLIENT = 'A former client';

/** How an open project ends when its account is closed, and what comes back (close-account.ts answers it). */
export interface ClosureEnding {
  projectId: string;
  service: string;
  action: 'cancel' | 'withdraw';
  refund: CancellationQuote | null;
}

/** What closing an account would do now, said before it is confirmed. */
export interface ClosurePreview {
  endings: ClosureEnding[];
  /** Projects shared with the person as a student, which they lose. */
  sharedProjects: number;
  /** Projects of the person's own orders, whose content goes. */
  ownProjects: number;
  /** The family's reviews an editor's profile shows: the person chooses what becomes of them. */
  publishedReviews: number;
}

/**
 * What becomes of a closing family's published reviews, always under 'A former client': their scores
 * alone (the words may name the student), the scores with the words, or nothing at all.
 */
export const REVIEW_CHOICES = ['scores', 'text', 'delete'] as const;
export type ReviewChoice = (typeof REVIEW_CHOICES)[number];
export const DEFAULT_REVIEW_CHOICE: ReviewChoice = 'scores';

/** Who closed an account, as the owner and the editors read it: never the name closing removed. */
export const closureNotices = {
  byFamily: PRIVACY_ATTENTION['family-closed'],
  byTeam: PRIVACY_ATTENTION['team-closed'],
  /** The owner's notice of a project cancelled with its account. */
  ownerLine: (who: string, service: string, projectId: string, orderId: string, refund: string) =>
    `${who}: ${service} (order ${orderId}, project ${projectId}) is cancelled with it; ${refund} is refunded by the cancellation policy.`,
  /** The owner's notice of a closed account of a family that ordered: what stays, no one named. */
  accountLine: (who: string, orders: number) =>
    `${who}. Its ${orders === 1 ? 'order is' : `${orders} orders are`} kept for the accounts, without names.`,
  /** The editor's notice of a project ended with its account. */
  editorLine: (who: string, service: string, ended: 'cancelled' | 'withdrawn') =>
    `${who}: ${service} is ${ended} with it. Nothing more is needed from you.`,
  /** An owner notice written before the family closed its account, whose names are gone. */
  scrubbed: (orderId: string) => `The family of order ${orderId} has since closed its account: its names are removed.`,
  /** A mail kept about a person who closed their account, emptied. */
  mailRemoved: 'Removed: its person closed their account',
} as const;

/** A student with no projects of their own: closing gives up no drafts, orders or reviews of theirs. */
const onlyAStudent = (preview: ClosurePreview) => preview.ownProjects === 0 && preview.sharedProjects > 0;

/** What closing does, as a list: for only a student, what concerns them alone (they gave no drafts, orders or reviews). */
export const whatClosingDoes = (
  preview: ClosurePreview,
  texts: { whatHappens: readonly string[]; forAStudent: readonly string[] },
) => (onlyAStudent(preview) ? texts.forAStudent : texts.whatHappens);

/** What the page says once its owner has closed the account, as its preview said what closing does. */
export const closedMessage = (preview: ClosurePreview, review: ReviewChoice) =>
  onlyAStudent(preview)
    ? closeAccountMessages.closedStudent
    : [closeAccountMessages.closed, ...(preview.publishedReviews > 0 ? [reviewChoiceTexts.done[review]] : [])].join(
        ' ',
      );

/** One ending as the person (or the admin closing for them) reads it before confirming. */
export const endingText = (e: ClosureEnding) =>
  e.action === 'cancel' && e.refund
    ? `${e.service} (${e.projectId}) is cancelled: ${formatUsdCents(e.refund.amountCents)} is refunded. ${e.refund.text}`
    : `${e.service} (${e.projectId}) is withdrawn: editing has begun, so nothing is refunded.`;

/** Closing an account asks for a sign-in this recent (Firebase's recent-login rule). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

export const closeAccountMessages = {
  signInAgain: 'Please sign in again to close your account.',
  verifyFirst: 'Verify your e-mail address first, then close your account.',
  adminUnavailable:
    'The account could not be closed: the server has no admin access to sign-ins. Nothing was changed; set FIREBASE_SERVICE_ACCOUNT, then try again.',
  noAccount: 'No account signs in with this address, and no order names it: it may be closed already.',
  // The admin read what closing keeps just before confirming; a student's account kept no orders.
  closedByAdmin: 'The account is closed.',
  editorOpenProjects: (count: number) =>
    `You have ${count} open project${count === 1 ? '' : 's'}: finish or hand ${count === 1 ? 'it' : 'them'} over before closing your account.`,
  withdrawReason: 'The family closed its account.',
  changed: 'What closing your account does has changed: please read it again before confirming.',
  closed: 'Your account is closed. We kept only what accounting requires.',
  closedStudent: 'Your account is closed. The drafts you submitted stay with the project, which is your parent’s.',
  reviewDeleted: 'Deleted by the family when it closed its account.',
} as const;

/** The choice of what becomes of the published reviews, before confirming, and what became of them after. */
export const reviewChoiceTexts = {
  legend: (count: number) =>
    count === 1
      ? 'Your published review, on the editor’s profile as ‘A former client’'
      : `Your ${count} published reviews, on the editors’ profiles as ‘A former client’`,
  options: {
    scores: 'Keep the scores only: the words are deleted, as they may name your student',
    text: 'Keep the scores and the words',
    delete: 'Delete them: the editors’ ratings no longer count them',
  },
  done: {
    scores: 'Your published reviews show their scores only, as ‘A former client’.',
    text: 'Your published reviews show their scores and words, as ‘A former client’.',
    delete: 'Your published reviews are deleted.',
  },
} as const satisfies {
  legend: (count: number) => string;
  options: Record<ReviewChoice, string>;
  done: Record<ReviewChoice, string>;
};

/** The dashboard's 'Close my account': what it says happens, before the person confirms. */
export const closeAccountTexts = {
  heading: 'Close my account',
  intro: 'Closing your account deletes your sign-in and everything you gave us. It cannot be undone.',
  open: 'Close my account…',
  checking: 'Checking your open projects…',
  whatHappens: [
    'Your drafts, essay prompts, feedback files and messages are deleted, for you and for your editors, with your student’s name and grade.',
    'Your orders and refunds are kept, as accounting requires, without your names, addresses or phone.',
    'You can no longer sign in.',
  ],
  forAStudent: ['You can no longer sign in.'],
  noOpenProjects: 'You have no open projects.',
  sharedProjects: (count: number) =>
    `${count === 1 ? 'A project was' : `${count} projects were`} shared with you as the student: your access ends and your messages there are deleted. The drafts you submitted stay with the project, which is your parent’s.`,
  endingsIntro: 'Your open projects end first:',
  password: 'Your password, to confirm it is you',
  wrongPassword: 'That password is not right. Please try again.',
  confirm: 'Close my account for good',
  working: 'Closing your account…',
  keep: 'Keep my account',
  failed: 'We could not close your account just now. Nothing more was lost; please try again.',
} as const;

/** The admin's 'Close account' in the Privacy tab, for a request by mail: what it says before confirming. */
export const adminCloseTexts = {
  open: 'Close account…',
  checking: 'Checking…',
  question: 'Close this account?',
  consequence: 'It cannot be undone. The person can no longer sign in.',
  whatHappens: [
    'Their drafts, essay prompts, feedback files and messages are deleted, for them and for their editors, with their student’s name and grade.',
    'Their orders and refunds are kept, as accounting requires, without their names, addresses or phone.',
    'Their published reviews stay on the editors’ profiles as ‘A former client’, with their scores only: the words are deleted.',
  ],
  forAStudent: [],
  sharedProjects: (count: number) =>
    `${count === 1 ? 'A project was' : `${count} projects were`} shared with them as the student: their access ends and their messages there are deleted; the family keeps the project.`,
  noOpenProjects: 'They have no open projects.',
  endingsIntro: 'Their open projects end first:',
  reasonHint: 'Kept in the audit log with your name and the time.',
  reasonMax: 500,
  reasonRequired: 'Say why the account is closed (the request, and when it came).',
  confirm: 'Close account',
  working: 'Closing…',
} as const;
