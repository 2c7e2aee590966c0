/**
 * The newsletter's unsubscribe link: `<address>.<expiry>.<signature>`, the address as base64url, the
 * expiry in Unix seconds (base 36), and an HMAC-SHA256 over both with UNSUBSCRIBE_SECRET. Nothing is
 * stored: the link names its address, and only we can sign one. A changed address or expiry, another
 * secret, or a date past the expiry is refused alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeTexts } from '../../../src/lib/unsubscribe';
import { isProduction, type DeployInfo } from '../core/deploy';
import { serverEnv } from '../core/env';
import { HttpError } from '../core/http';

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

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export function signUnsubscribeToken(email: string, secret: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * DAY_SECONDS;
  const payload = `${Buffer.from(email).toString('base64url')}.${expires.toString(36)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The address a token names, or null for a forged, altered or expired one. */
export function readUnsubscribeToken(token: string, secret: string, now = new Date()): string | null {
  const [address, expiry, signature, ...rest] = token.split('.');
  if (!address || !expiry || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, `${address}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) return null;
  return Buffer.from(address, 'base64url').toString('utf8');
}

/** The link a mail carries: the page that asks before it unsubscribes (a GET changes nothing). */
export const unsubscribeUrl = (email: string, info?: DeployInfo, now = new Date()) =>
  `${serverEnv().URL}/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(email, unsubscribeSecret(info), now))}`;
