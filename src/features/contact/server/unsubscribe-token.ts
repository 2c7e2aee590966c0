/** The newsletter's unsubscribe link: a signed link (signed-links.ts) naming the address, good for UNSUBSCRIBE_LINK_DAYS. */
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '#lib/unsubscribe';
import type { DeployInfo } from '#server/storage/deploy';
import { serverEnv } from '#server/core/env';
import { linkSecret, readLinkToken, signLinkToken } from '#server/core/signed-links';

/** The secret the newsletter's links are signed with; 503 in production without one. */
export const unsubscribeSecret = (info?: DeployInfo) => linkSecret(info, unsubscribeTexts.unavailable);

export const signUnsubscribeToken = (email: string, secret: string, now = new Date()) =>
  signLinkToken('unsubscribe', email, secret, UNSUBSCRIBE_LINK_DAYS, now);

/** The address an unsubscribe token names, or null. */
export const readUnsubscribeToken = (token: string, secret: string, now = new Date()) =>
  readLinkToken('unsubscribe', token, secret, now);

/** The link a mail carries: the page that asks before it unsubscribes (a GET changes nothing). */
export const unsubscribeUrl = (email: string, info?: DeployInfo, now = new Date()) =>
  `${serverEnv().URL}/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(email, unsubscribeSecret(info), now))}`;
