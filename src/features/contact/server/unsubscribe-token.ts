/**
 * The signed links we mail (the newsletter's unsubscribe link, the links that confirm a sign-up):
 * `<subject>.<expiry>.<signature>`, the subject (an address) as base64url, the expiry in Unix seconds
 * (base 36), and an HMAC-SHA256 over the link's purpose and both with UNSUBSCRIBE_SECRET. Nothing is
 * stored: the link names its subject, and only we can sign one. A changed subject or expiry, another
 * purpose or secret, or a date past the expiry is refused alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '#lib/unsubscribe';
import { isProduction, type DeployInfo } from '#server/storage/deploy';
import { serverEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';

/** Outside production only: production without UNSUBSCRIBE_SECRET signs and accepts nothing. */
export const LOCAL_UNSUBSCRIBE_SECRET = 'local-unsubscribe-secret-for-test-mode-only';

const DAY_SECONDS = 24 * 60 * 60;

/** The secret links are signed with; 503 in production without one, so no link is signed by a known key. */
export function unsubscribeSecret(info?: DeployInfo): string {
  const secret = serverEnv().UNSUBSCRIBE_SECRET;
  if (secret) return secret;
  if (isProduction(info)) throw new HttpError(503, unsubscribeTexts.unavailable);
  return LOCAL_UNSUBSCRIBE_SECRET;
}

/** What a link does: a token signed for one purpose is refused for another. */
export type LinkPurpose = 'unsubscribe' | 'confirm';

const sign = (purpose: LinkPurpose, secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

/** A token naming `subject` for `purpose`, good for `days`. */
export function signLinkToken(purpose: LinkPurpose, subject: string, secret: string, days: number, now = new Date()) {
  const expires = Math.floor(now.getTime() / 1000) + days * DAY_SECONDS;
  const payload = `${Buffer.from(subject).toString('base64url')}.${expires.toString(36)}`;
  return `${payload}.${sign(purpose, secret, payload)}`;
}

/** The subject a token for `purpose` names, or null for a forged, altered, expired or other-purpose one. */
export function readLinkToken(purpose: LinkPurpose, token: string, secret: string, now = new Date()): string | null {
  const [subject, expiry, signature, ...rest] = token.split('.');
  if (!subject || !expiry || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(purpose, secret, `${subject}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) return null;
  return Buffer.from(subject, 'base64url').toString('utf8');
}

export const signUnsubscribeToken = (email: string, secret: string, now = new Date()) =>
  signLinkToken('unsubscribe', email, secret, UNSUBSCRIBE_LINK_DAYS, now);

/** The address an unsubscribe token names, or null. */
export const readUnsubscribeToken = (token: string, secret: string, now = new Date()) =>
  readLinkToken('unsubscribe', token, secret, now);

/** The link a mail carries: the page that asks before it unsubscribes (a GET changes nothing). */
export const unsubscribeUrl = (email: string, info?: DeployInfo, now = new Date()) =>
  `${serverEnv().URL}/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(email, unsubscribeSecret(info), now))}`;
