/**
 * Double opt-in: the mails that ask an address to confirm a newsletter or waitlist sign-up, and what
 * a confirmed link does. The link is signed like the unsubscribe link (another purpose, so neither
 * stands for the other) and names what it confirms; a waitlist sign-up is stored only once confirmed.
 * Each mail is limited per address, whoever asks for it (`spendConfirmation`).
 */
import { CONFIRM_LINK_DAYS, optInTexts } from '../opt-in';
import { serverEnv } from '#server/core/env';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { spend } from '#server/core/rate-limits';
import type { DeployInfo } from '#server/storage/deploy';
import { unsubscribeSecret } from './unsubscribe-token';
import { readLinkToken, signLinkToken } from '#server/core/signed-links';

/** What a confirmation link confirms. */
export type OptIn = { list: 'newsletter'; email: string } | { list: 'waitlist'; email: string; editorId: string };

// Neither an address nor an editor id holds a space.
const subjectOf = (optIn: OptIn) =>
  optIn.list === 'newsletter' ? `newsletter ${optIn.email}` : `waitlist ${optIn.editorId} ${optIn.email}`;

/** The opt-in a token names, or null for a forged, altered, expired or other link. */
export function readOptIn(token: string, info?: DeployInfo, now = new Date()): OptIn | null {
  const subject = readLinkToken('confirm', token, unsubscribeSecret(info), now);
  const [list, ...rest] = subject?.split(' ') ?? [];
  if (list === 'newsletter' && rest.length === 1) return { list, email: rest[0] };
  if (list === 'waitlist' && rest.length === 2) return { list, editorId: rest[0], email: rest[1] };
  return null;
}

export const confirmUrl = (optIn: OptIn, info?: DeployInfo, now = new Date()) =>
  `${serverEnv().URL}/confirm?token=${encodeURIComponent(signLinkToken('confirm', subjectOf(optIn), unsubscribeSecret(info), CONFIRM_LINK_DAYS, now))}`;

/**
 * Counts a confirmation mail to `email` before anything is stored or sent: 429 past the address's
 * limit, and 503 in production without a secret to sign the link with.
 */
export async function spendConfirmation(email: string, info?: DeployInfo, now = new Date()) {
  unsubscribeSecret(info);
  await spend('confirmMail', email, info, now);
}

/** Mails the link that confirms `optIn` (`editorName` names a waitlist's editor); counted by `spendConfirmation`. */
export async function sendConfirmation(optIn: OptIn, editorName: string, info?: DeployInfo, now = new Date()) {
  const url = confirmUrl(optIn, info, now);
  const { email } = optIn;
  const mail =
    optIn.list === 'newsletter'
      ? paragraphsMail(email, optInTexts.newsletter.mailSubject, optInTexts.newsletter.mailBody(email, url))
      : paragraphsMail(
          email,
          optInTexts.waitlist.mailSubject(editorName),
          optInTexts.waitlist.mailBody(email, editorName, url),
        );
  await sendMail({ ...mail, kind: optIn.list }, info, now);
}
