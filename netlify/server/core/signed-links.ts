/**
 * The signed links we mail (the newsletter's unsubscribe and confirm links, an editor's invitation):
 * `<subject>.<expiry>.<signature>`, the subject as base64url, the expiry in Unix seconds (base 36), and
 * an HMAC-SHA256 over the link's purpose and both with UNSUBSCRIBE_SECRET (named for its first use; it
 * signs every link). Nothing is stored: the link names its subject, and only we can sign one. A changed
 * subject or expiry, another purpose or secret, or a date past the expiry is refused alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isProduction, type DeployInfo } from '#server/storage/deploy';
import { serverEnv } from './env';
import { HttpError } from './http';

/** Outside production only: production without UNSUBSCRIBE_SECRET signs and accepts nothing. */
export const LOCAL_LINK_SECRET = 'local-unsubscribe-secret-for-test-mode-only';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The secret links are signed with; in production without one, 503 with `unavailable` (the feature's
 * words), so no link is signed by a known key.
 */
export function linkSecret(info: DeployInfo | undefined, unavailable: string): string {
  const secret = serverEnv().UNSUBSCRIBE_SECRET;
  if (secret) return secret;
  if (isProduction(info)) throw new HttpError(503, unavailable);
  return LOCAL_LINK_SECRET;
}

/** What a link does: a token signed for one purpose is refused for another. */
export type LinkPurpose = 'unsubscribe' | 'confirm' | 'invite';

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
