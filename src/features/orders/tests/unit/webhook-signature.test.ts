/**
 * Our Stripe signature code against the Stripe SDK's own: what we sign, Stripe verifies; what Stripe
 * signs, we verify; and what either refuses, both refuse.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  isValidWebhookSignature,
  signWebhookPayload,
  SIGNATURE_TOLERANCE_SECONDS,
} from '../../server/webhook-signature';

const stripe = new Stripe('sk_test_unused');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });
const now = Math.floor(Date.now() / 1000);

describe('webhook signatures', () => {
  it('Stripe accepts what we sign', () => {
    const header = signWebhookPayload(payload, secret, now);
    expect(stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
  });

  it('we accept what Stripe signs, including a header with several v1 signatures (a secret being rolled)', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    expect(isValidWebhookSignature(payload, header, secret)).toBe(true);
    const rolled = `${header},v1=${'0'.repeat(64)}`;
    expect(isValidWebhookSignature(payload, rolled, secret)).toBe(true);
  });

  it('refuses another secret, another payload, a stale time and malformed headers, as Stripe does', () => {
    const cases: [string, string][] = [
      [payload, signWebhookPayload(payload, 'whsec_someone_else', now)],
      [`${payload} `, signWebhookPayload(payload, secret, now)],
      [payload, signWebhookPayload(payload, secret, now - SIGNATURE_TOLERANCE_SECONDS - 5)],
      [payload, ''],
      [payload, 't=abc,v1=00'],
      [payload, `t=${now}`],
      [payload, `t=${now},v1=zz`],
      [payload, `t=${now},v0=${signWebhookPayload(payload, secret, now).split('v1=')[1]}`],
    ];
    for (const [body, header] of cases) {
      expect(isValidWebhookSignature(body, header, secret), header).toBe(false);
      expect(() => stripe.webhooks.constructEvent(body, header, secret), header).toThrow();
    }
  });
});
