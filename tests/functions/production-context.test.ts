/**
 * Payments and sign-in fail closed in Netlify's production deploy context: no test
 * checkout, no local webhook secret, no emulator tokens, 503 without live Stripe keys; so does a
 * function given no deploy context. Deploy previews and branch deploys keep test mode on their own
 * prefixed stores.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createPaymentSession from '../../netlify/functions/create-payment-session';
import me from '../../netlify/functions/me';
import webhook from '../../netlify/functions/stripe-webhook';
import testCheckout from '../../netlify/functions/test-checkout';
import unsubscribeLink from '../../netlify/functions/unsubscribe-link';
import { LOCAL_WEBHOOK_SECRET } from '../../netlify/server/core/stripe';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { signWebhookPayload } from '../../src/features/orders/server/webhook-signature';
import { bearer, createUser } from '../helpers/auth-emulator';
import { call } from '../helpers/functions';
import { selection } from '../helpers/orders';

const LIVE_KEY = 'sk_live_from_the_dashboard';
const REAL_WEBHOOK_SECRET = 'whsec_from_the_dashboard';
const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const;

let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  user = await createUser();
});

let errors: { mock: { calls: unknown[][] }; mockRestore(): void };
beforeEach(() => {
  for (const name of STRIPE_VARS) delete process.env[name];
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const name of STRIPE_VARS) delete process.env[name];
  errors.mockRestore();
});

const pay = (deployContext: string | null) =>
  call(createPaymentSession, '/api/stripe/create-payment-session', {
    method: 'POST',
    json: selection(),
    headers: bearer(user.idToken),
    deployContext,
  });

const event = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, type: 'customer.created', data: { object: {} } });
const deliver = (deployContext: string, secret: string) =>
  call(webhook, '/api/stripe/webhook', {
    method: 'POST',
    body: event,
    headers: { 'stripe-signature': signWebhookPayload(event, secret) },
    deployContext,
  });

describe('the production deploy context', () => {
  it('answers 503 "Payments are not configured" without Stripe keys, logs one clear line, and stores no order', async () => {
    const res = await pay('production');
    expect(res).toMatchObject({ status: 503, body: { error: 'Payments are not configured' } });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toMatch(/STRIPE_SECRET_KEY/);
    expect((await getStore('orders').list({ prefix: 'by-customer/' + user.uid })).blobs).toEqual([]);
  });

  it('treats a Stripe test key, or a live key without the webhook secret, as not configured', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_123';
    process.env.STRIPE_WEBHOOK_SECRET = REAL_WEBHOOK_SECRET;
    expect((await pay('production')).status).toBe(503);
    process.env.STRIPE_SECRET_KEY = LIVE_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    expect((await pay('production')).status).toBe(503);
    expect((await deliver('production', LOCAL_WEBHOOK_SECRET)).status).toBe(503);
  });

  it('has no test checkout: its function is 404 whatever the keys', async () => {
    const path = '/api/stripe/test-checkout/BCC-ABC234';
    const params = { orderId: 'BCC-ABC234' };
    expect(
      (await call(testCheckout, path, { params, headers: bearer(user.idToken), deployContext: 'production' })).status,
    ).toBe(404);
    process.env.STRIPE_SECRET_KEY = LIVE_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = REAL_WEBHOOK_SECRET;
    const post = await call(testCheckout, path, {
      method: 'POST',
      params,
      json: { sessionId: 'x', cardNumber: '4242424242424242' },
      deployContext: 'production',
    });
    expect(post.status).toBe(404);
  });

  it('never accepts an event signed with the local test secret, only the configured one', async () => {
    process.env.STRIPE_SECRET_KEY = LIVE_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = REAL_WEBHOOK_SECRET;
    expect(await deliver('production', LOCAL_WEBHOOK_SECRET)).toMatchObject({
      status: 400,
      body: { error: 'Invalid signature' },
    });
    expect(await deliver('production', REAL_WEBHOOK_SECRET)).toMatchObject({
      status: 200,
      body: { result: 'ignored' },
    });
  });

  it('refuses the Auth emulator’s unsigned tokens even with FIREBASE_AUTH_EMULATOR_HOST set, and says why once', async () => {
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
    const res = await call(me, '/api/me', { headers: bearer(user.idToken), deployContext: 'production' });
    expect(res).toMatchObject({ status: 401, body: { error: expect.stringMatching(/sign in again/) } });
    await call(me, '/api/me', { headers: bearer(user.idToken), deployContext: 'production' });
    const warnings = errors.mock.calls.filter(([line]) => String(line).includes('FIREBASE_AUTH_EMULATOR_HOST'));
    expect(warnings).toHaveLength(1); // once per instance: each test file gets fresh modules
  });
});

describe.each(['deploy-preview', 'branch-deploy'])('a %s', (deployContext) => {
  beforeAll(() => seedDemoEditors({ deploy: { context: deployContext } }));

  it('keeps test mode without keys, on its own prefixed stores', async () => {
    const res = await pay(deployContext);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/test-checkout\?order=BCC-/);
    expect(await getStore(`${deployContext}--orders`).get(res.body.orderId, { type: 'json' })).toMatchObject({
      status: 'pending',
      payment: { mode: 'test' },
    });
    expect(await getStore('orders').get(res.body.orderId)).toBeNull();
    const path = `/api/stripe/test-checkout/${res.body.orderId}`;
    const shown = await call(testCheckout, path, {
      params: { orderId: res.body.orderId },
      headers: bearer(user.idToken),
      deployContext,
    });
    expect(shown).toMatchObject({ status: 200, body: { id: res.body.orderId } });
  });

  it('accepts events signed with the local secret and the emulator’s tokens', async () => {
    expect(await deliver(deployContext, LOCAL_WEBHOOK_SECRET)).toMatchObject({
      status: 200,
      body: { result: 'ignored' },
    });
    expect((await call(me, '/api/me', { headers: bearer(user.idToken), deployContext })).status).toBe(200);
  });
});

describe('a function given no deploy context', () => {
  // What cannot say where it runs may be production: it gets production's rules, not the test shortcuts.
  it('takes no test payment, has no test checkout, and accepts no emulator token', async () => {
    expect(await pay(null)).toMatchObject({ status: 503, body: { error: 'Payments are not configured' } });
    const path = '/api/stripe/test-checkout/BCC-ABC234';
    expect((await call(testCheckout, path, { params: { orderId: 'BCC-ABC234' }, deployContext: null })).status).toBe(
      404,
    );
    expect((await call(me, '/api/me', { headers: bearer(user.idToken), deployContext: null })).status).toBe(401);
  });

  it('signs no unsubscribe link with the local secret', async () => {
    expect(process.env.UNSUBSCRIBE_SECRET).toBeUndefined();
    const res = await call(unsubscribeLink, '/api/newsletter/unsubscribe-link', {
      method: 'POST',
      json: { email: 'reader@example.com' },
      deployContext: null,
    });
    expect(res.status).toBe(503);
  });
});
