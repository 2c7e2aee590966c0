/**
 * The student in the loop: the parent who bought editing invites the student whose address is on the
 * order; the student then signs in with that address and works on their own projects (drafts,
 * revisions, feedback, messages, marking final), while orders, payments, refunds, cancelling and
 * withdrawing stay with the parent. What both read about it is said here, once.
 */
import { firstName } from './project';
import { site } from '#lib/site';

/** A name as people write one: letters, spaces, hyphens and apostrophes, nothing a link or a sentence needs. */
const PLAIN_NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M}' \u2019-]*[\p{L}\p{M}])?$/u;
const PLAIN_NAME_MAX = 60;

/**
 * How an invitation, mailed to an address that never agreed to hear from us, names the parent: the
 * first name of a name typed as a plain name, else no one in particular. Nothing else the parent
 * typed goes into that mail, so it cannot carry anyone's message.
 */
function parentForMail(parentName: string): string | null {
  const name = parentName.trim();
  return name.length <= PLAIN_NAME_MAX && PLAIN_NAME.test(name) ? firstName(name) : null;
}

/** The invitation e-mail: every word fixed here but the parent's checked first name, our editors and services. */
export function invitationMail(to: {
  parentName: string;
  studentEmail: string;
  editors: string;
  services: string;
  dashboardUrl: string;
}) {
  const parent = parentForMail(to.parentName);
  return {
    subject: `${parent ?? 'A parent'} invited you to work on your essays with ${to.editors}`,
    paragraphs: [
      `${parent ?? 'A parent'} invited you to work on your essays with ${to.editors} on ${site.name}: ${to.services}.`,
      `Log in (or create an account) with this address, ${to.studentEmail}, and verify it. Your dashboard then lists the projects: submit your drafts and revisions, read the feedback and message ${to.editors} there. All contact with your editor stays in each project's thread.`,
      `${parent ?? 'The parent'} keeps the order, its payments and any refunds.`,
      `Open your dashboard: ${to.dashboardUrl}`,
    ],
  };
}

export const studentAccessMessages = {
  notPaid: "Only a paid order's projects can be shared with the student.",
  ownAddress: "The student's e-mail on this order is your own: you already see and work on its projects.",
  /** The projects kept changing under a share (each change is a step of someone's): asking again reads them anew. */
  changedMeanwhile: 'These projects changed meanwhile; please try again.',
  /** What an invitation lets the student do, said before the parent invites. */
  offer: (student: string, email: string, editors: string) =>
    `${firstName(student)} can sign in with ${email} to submit drafts, read feedback and message ${editors}. Orders, payments and refunds stay with you.`,
  invited: (student: string, email: string) =>
    `Invitation sent to ${email}. ${firstName(student)} signs in with that address to see these projects.`,
  removed: (student: string) => `${firstName(student)} no longer sees these projects.`,
  /** The student's dashboard, above the projects shared with them. */
  intro: 'The essays a parent shared with you: send your drafts, read the feedback and talk to your editor here.',
  /** For the student, on each shared project. */
  sharedBy: (parentName: string) =>
    `Shared with you by ${firstName(parentName)}, who keeps the order and its payments.`,
  /** For a signed-in account with no projects: a student whose parent has not invited them yet. */
  notInvitedYet:
    'A parent bought editing for you? Ask them to invite you from their dashboard, then log in here with the address on the order.',
  /** Mailed to the student when their parent cancels a project shared with them. */
  parentCancelled: (service: string) =>
    `Your parent cancelled ${service}: no more feedback comes for it. You can still read it on your dashboard.`,
  /** Mailed to the student, and said on their dashboard, once their parent closed the account. */
  parentClosedSubject: 'Your parent closed their account',
  parentClosed: 'Your parent closed their account; the projects and drafts are gone with it.',
} as const;
