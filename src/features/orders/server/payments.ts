/**
 * The payment provider: Stripe Checkout when configured; otherwise, outside production,
 * our own test checkout, whose "payment" produces the same signed event Stripe would send, handled
 * by the same fulfilment code. In the production deploy context test mode never exists: without
 * live keys payments are refused (503), never faked. The Stripe SDK is loaded only on the paths
 * that call Stripe (a cold start pays ~170 ms for it).
 */
import type Stripe from 'stripe';
import { isProduction, type DeployInfo } from '#server/storage/deploy';
import { serverEnv, type ServerEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';
import { paymentDeadline } from '../order';
import type { Order } from './orders.repo';
import { isLiveStripeKey } from '#server/core/production-env';

/** Signs test-mode events when no STRIPE_WEBHOOK_SECRET is set. Never accepted in Stripe mode or in production. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_test_mode_only';
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINE_MESSAGE = 'Your card was declined.';
const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';
export const PROVIDER_UNREACHABLE = 'The payment provider is not reachable right now. Please try again in a moment.';

export type PaymentsMode =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined }
  | { kind: 'test'; webhookSecret: string }
  | { kind: 'unconfigured'; reason: string };
export type ConfiguredPayments = Exclude<PaymentsMode, { kind: 'unconfigured' }>;

/** How this deploy takes payments, from its environment and deploy context. */
export function paymentsMode(info?: DeployInfo, env: ServerEnv = serverEnv()): PaymentsMode {
  if (isProduction(info)) {
    if (!isLiveStripeKey(env.STRIPE_SECRET_KEY))
      return { kind: 'unconfigured', reason: 'STRIPE_SECRET_KEY is missing or not a live key' };
    if (!env.STRIPE_WEBHOOK_SECRET) return { kind: 'unconfigured', reason: 'STRIPE_WEBHOOK_SECRET is missing' };
    // STRIPE_API_URL is a test recorder's address: production always talks to Stripe itself.
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: undefined,
    };
  }
  if (env.STRIPE_SECRET_KEY)
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    };
  return { kind: 'test', webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET };
}

/** The payment mode, or 503 (and one clear line in the log) when this deploy cannot take money. */
export function configuredPayments(info?: DeployInfo): ConfiguredPayments {
  const mode = paymentsMode(info);
  if (mode.kind === 'unconfigured') {
    console.error(
      `${PAYMENTS_NOT_CONFIGURED} in production: ${mode.reason}. Set it in Netlify's environment variables.`,
    );
    throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  }
  return mode;
}

/** The webhook's signing secret; 503 when Stripe mode has none (no event could ever be trusted). */
export function webhookSecretOf(mode: ConfiguredPayments): string {
  if (mode.webhookSecret) return mode.webhookSecret;
  console.error(`${PAYMENTS_NOT_CONFIGURED}: STRIPE_WEBHOOK_SECRET is missing, so no payment event can be verified.`);
  throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
}

export async function stripeClient(mode: Extract<PaymentsMode, { kind: 'stripe' }>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const api = mode.apiUrl ? new URL(mode.apiUrl) : undefined;
  return new StripeSdk(mode.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(api && { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }),
  });
}

export interface CheckoutSession {
  id: string;
  url: string;
}

const confirmationUrl = (env: ServerEnv, orderId: string, sessionId: string) =>
  `${env.URL}/order-confirmation?order=${orderId}&session_id=${sessionId}`;

/** Opens a checkout for a stored pending order; only charged lines become line items. */
export async function openCheckout(
  order: Order,
  mode: ConfiguredPayments,
  env: ServerEnv = serverEnv(),
): Promise<CheckoutSession> {
  if (mode.kind === 'test') {
    const id = `cs_test_local_${crypto.randomUUID().replace(/-/g, '')}`;
    return { id, url: `${env.URL}/test-checkout?order=${order.id}&session_id=${id}` };
  }
  const lines = [
    ...order.serviceLines.map((l) => ({ name: l.title, unitCents: l.unitCents, quantity: l.quantity })),
    ...order.addOnLines
      .filter((l) => l.chargedCents > 0)
      .map((l) => ({ name: l.title, unitCents: l.chargedCents, quantity: 1 })),
  ];
  const session = await (
    await stripeClient(mode)
  ).checkout.sessions.create({
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
    // Back to the order, which offers to complete the payment or cancel the order.
    cancel_url: `${env.URL}/order-confirmation?order=${order.id}`,
    // No session outlives the order's own 24 hours (a late payment would find it expired).
    expires_at: Math.floor(paymentDeadline(order).getTime() / 1000),
  });
  if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
  return { id: session.id, url: session.url };
}
