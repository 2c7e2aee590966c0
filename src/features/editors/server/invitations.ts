/**
 * Editors' invitations: mailed when our team sets or changes the address an editor signs in with, or
 * sends one again. The invitation is kept on the editor's record before it is mailed, so a link never
 * names one we do not hold; a newer invitation, or a changed address, makes every older link fail.
 * Accepting needs the invited address, verified: the address is what makes the account an editor's.
 */
import {
  INVITATION_DAYS,
  INVITE_FRAGMENT,
  invitationMessages,
  invitationSubject,
  readInvitationSubject,
  type Invitation,
} from '../invitation';
import { site } from '#lib/site';
import { DAY_MS, formatDay } from '#lib/time';
import type { Caller } from '#server/core/auth';
import { serverEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { linkSecret, readLinkToken, signLinkToken } from '#server/core/signed-links';
import type { DeployInfo } from '#server/storage/deploy';
import { editorsRepo, type EditorRecord } from './editors.repo';

const UNAVAILABLE = 'Invitations cannot be sent or opened right now. Please try again later.';

/** The mail: who invites them, the link, and until when it works. */
function invitationMail(editor: Pick<EditorRecord, 'name'>, invitation: Invitation, link: string) {
  return paragraphsMail(invitation.email, `Your editor account at ${site.name}`, [
    `Hello ${editor.name},`,
    `${site.name} has added you as an editor. Create your account with this address (${invitation.email}) to open your workspace, write your profile and see your earnings:`,
    link,
    `The link works until ${formatDay(invitation.expiresAt, 'long')}. If it has expired, reply to this e-mail and we will send a new one.`,
  ]);
}

/**
 * Sends editor `id` a new invitation to the address they sign in with: kept on their record, then
 * mailed once. 404 for an unknown editor, 409 for one without an address.
 */
export async function sendInvitation(id: string, info?: DeployInfo, now = new Date()): Promise<Invitation> {
  const secret = linkSecret(info, UNAVAILABLE);
  const repo = editorsRepo(info);
  const editor = await repo.get(id);
  if (!editor) throw new HttpError(404, 'No editor with this id');
  if (!editor.accountEmail) throw new HttpError(409, invitationMessages.noAccount);
  const sentAt = now.toISOString();
  const invitation: Invitation = {
    email: editor.accountEmail,
    sentAt,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
  };
  const saved = await repo.setInvitation(id, invitation, now);
  // The address changed between the read and the write: that change sends its own invitation.
  if (saved?.invitation?.sentAt !== sentAt) throw new HttpError(409, invitationMessages.noAccount);
  const token = signLinkToken('invite', invitationSubject(id, invitation), secret, INVITATION_DAYS, now);
  const link = `${serverEnv().URL}/editor#${INVITE_FRAGMENT}${token}`;
  await sendMail({ ...invitationMail(editor, invitation, link), kind: 'editor' }, info, now, {
    id: `invite-${id}-${sentAt}`,
    at: now,
  });
  return invitation;
}

/** The invitation a link names, if it is the editor's newest and still to their address; else 404. */
async function invitationOf(token: string, info: DeployInfo | undefined, now: Date) {
  const subject = readLinkToken('invite', token, linkSecret(info, UNAVAILABLE), now);
  const named = subject && readInvitationSubject(subject);
  const editor = named ? await editorsRepo(info).get(named.editorId) : null;
  const invitation = editor?.invitation;
  if (
    !named ||
    !editor ||
    !invitation ||
    invitation.sentAt !== named.sentAt ||
    invitation.email !== named.email ||
    editor.accountEmail !== named.email
  )
    throw new HttpError(404, invitationMessages.expired);
  return { editor, invitation };
}

/** What the welcome on /editor shows of an invitation: whose, to which address, and whether it was accepted. */
export async function openInvitation(token: string, info?: DeployInfo, now = new Date()) {
  const { editor, invitation } = await invitationOf(token, info, now);
  return { name: editor.name, email: invitation.email, accepted: Boolean(invitation.acceptedAt) };
}

/** The invited editor, signed in with the invited address, verified, takes the invitation up (once). */
export async function acceptInvitation(token: string, caller: Caller, info?: DeployInfo, now = new Date()) {
  const { editor, invitation } = await invitationOf(token, info, now);
  if (caller.email !== invitation.email) throw new HttpError(403, invitationMessages.wrongAccount(invitation.email));
  if (!caller.emailVerified) throw new HttpError(403, invitationMessages.unverified);
  const accepted = await editorsRepo(info).acceptInvitation(editor.id, invitation.sentAt, now);
  if (!accepted) throw new HttpError(404, invitationMessages.expired);
  return { name: editor.name, email: invitation.email, accepted: true };
}
