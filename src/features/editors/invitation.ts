/**
 * An editor's invitation: a signed link mailed to the address they are to sign in with, good for
 * INVITATION_DAYS, superseded by a newer one. The editor opens it on /editor, creates their account with
 * that address (Firebase verifies it, as for every role) and the invitation is accepted. No zod: the
 * island that welcomes the editor and the admin's card both read these.
 */

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** The invitation the editor's record keeps: only the newest one's link is honoured. */
export interface Invitation {
  email: string;
  sentAt: string;
  expiresAt: string;
  /** When the editor, signed in with a verified `email`, accepted it. */
  acceptedAt?: string;
}

/** Where an editor stands on their way in, as the admin's card shows it. */
export interface EditorSteps {
  invitation: Invitation | null;
  /** They saved their profile themselves, on /editor. */
  profileWritten: boolean;
  /** How they are paid: by hand until Stripe can send transfers to the bank account they connect. */
  payouts: PayoutAccountState;
}

/**
 * An editor's bank account for payouts: 'none' (paid by hand, nothing begun), 'onboarding' (an account
 * exists and Stripe still needs details), 'ready' (Stripe can send it transfers).
 */
export type PayoutAccountState = 'none' | 'onboarding' | 'ready';

/** The editor's account with Stripe, kept on their record: its id never leaves the server. */
export interface PayoutAccount {
  id: string;
  state: PayoutAccountState;
  createdAt: string;
  /** When Stripe was last found to say another state (or the account was made). */
  checkedAt: string;
}

/** The admin's card: how the editor is paid. */
export const payoutStepWords: Record<PayoutAccountState, string> = {
  none: 'Paid by hand (no bank account connected)',
  onboarding: 'Paid by hand until Stripe has their details (bank account begun)',
  ready: 'Paid through Stripe (bank account connected)',
};

export type InvitationState = 'none' | 'sent' | 'expired' | 'accepted';

export function invitationState(invitation: Invitation | null | undefined, now: Date): InvitationState {
  if (!invitation) return 'none';
  if (invitation.acceptedAt) return 'accepted';
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'sent';
}

export const invitationMessages = {
  /** The link is forged, altered, expired or superseded by a newer one. */
  expired: 'This invitation link has expired or was replaced by a newer one. Ask us to send you a new one.',
  noAccount: 'The editor has no sign-in address to invite: add one first.',
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Log out, then log in or create your account with that address.`,
  unverified: 'Verify your e-mail address first: open the link in the e-mail we sent when you created your account.',
  sent: (email: string) => `Invitation sent to ${email}.`,
  accepted: 'Your editor account is ready. Your workspace is below.',
} as const;

/** The link's subject: the editor, the address and the invitation it belongs to (a newer one supersedes it). */
export const invitationSubject = (editorId: string, invitation: Pick<Invitation, 'email' | 'sentAt'>) =>
  `${editorId}|${invitation.email}|${invitation.sentAt}`;

export function readInvitationSubject(subject: string): { editorId: string; email: string; sentAt: string } | null {
  const [editorId, email, sentAt, ...rest] = subject.split('|');
  return editorId && email && sentAt && rest.length === 0 ? { editorId, email, sentAt } : null;
}

export { INVITE_FRAGMENT } from './invitation-link';
