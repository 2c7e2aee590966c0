/**
 * The payment provider (DESIGN §5): Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise our own
 * test checkout, whose "payment" produces the same signed event Stripe would send, handled by the
 * same fulfilment code.
 */
import Stripe from 'stripe';
import { serverEnv, type ServerEnv } from './env';
import type { Order } from './orders.repo';

/** Signs test-mode events when no STRIPE_WEBHOOK_SECRET is set. Never accepted in Stripe mode. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_test_mode_only';
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINE_MESSAGE = 'Your card was declined.';

export const isTestMode = (env: ServerEnv = serverEnv()) => !env.STRIPE_SECRET_KEY;

function stripeClient(env: ServerEnv) {
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  return new Stripe(env.STRIPE_SECRET_KEY ?? 'sk_test_local_unused', {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(api && { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }),
  });
}

export const webhookSecret = (env: ServerEnv = serverEnv()) =>
  env.STRIPE_WEBHOOK_SECRET ?? (isTestMode(env) ? LOCAL_WEBHOOK_SECRET : undefined);

export interface CheckoutSession {
  id: string;
  url: string;
}

export const confirmationUrl = (env: ServerEnv, orderId: string, sessionId: string) =>
  `${env.URL}/order-confirmation?order=${orderId}&session_id=${sessionId}`;

/** Opens a checkout for a stored pending order; only charged lines become line items. */
export async function openCheckout(order: Order, env: ServerEnv = serverEnv()): Promise<CheckoutSession> {
  if (isTestMode(env)) {
    const id = `cs_test_local_${crypto.randomUUID().replace(/-/g, '')}`;
    return { id, url: `${env.URL}/test-checkout?order=${order.id}&session_id=${id}` };
  }
  const lines = [
    ...order.serviceLines.map((l) => ({ name: l.title, unitCents: l.unitCents, quantity: l.quantity })),
    ...order.addOnLines.filter((l) => l.chargedCents > 0).map((l) => ({ name: l.title, unitCents: l.chargedCents, quantity: 1 })),
  ];
  const session = await stripeClient(env).checkout.sessions.create({
    mode: 'payment',
    client_reference_id: order.id,
    customer_email: order.customer.email,
    metadata: { orderId: order.id },
    line_items: lines.map((l) => ({
      quantity: l.quantity,
      price_data: { currency: 'usd', unit_amount: l.unitCents, product_data: { name: l.name } },
    })),
    // Stripe fills in {CHECKOUT_SESSION_ID}; our own order id goes along so the page can load the order.
    success_url: confirmationUrl(env, order.id, '{CHECKOUT_SESSION_ID}'),
    cancel_url: `${env.URL}/checkout`,
  });
  if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
  return { id: session.id, url: session.url };
}

/** Verifies a webhook's signature and parses it; throws on any mismatch. */
export function verifyEvent(payload: string, signature: string, env: ServerEnv = serverEnv()): Stripe.Event {
  const secret = webhookSecret(env);
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  return stripeClient(env).webhooks.constructEvent(payload, signature, secret);
}

/** The Stripe-Signature header for a payload, as Stripe computes it (test mode and tests). */
export function signPayload(payload: string, secret: string, timestamp?: number) {
  return stripeClient(serverEnv()).webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

