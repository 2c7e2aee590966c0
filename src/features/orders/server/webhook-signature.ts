/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>">`), on node:crypto alone. The webhook must judge a delivery before it loads
 * anything heavy: the Stripe SDK costs ~170 ms of a cold start, and a forged or unsigned request
 * should cost us almost nothing. tests/unit/webhook-signature.test.ts holds this to the SDK's own
 * signer and verifier, both ways.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default: a signature older than this is a replay (Stripe does not refuse newer ones, nor do we). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');

/** The header Stripe would send for `payload` (the test checkout and tests sign with it). */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Whether `header` is a valid, fresh signature of `payload` with `secret`. */
export function isValidWebhookSignature(payload: string, header: string, secret: string, now = Date.now()): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string?]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || now / 1000 - timestamp > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, payload), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]+$/.test(value)) return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
