/**
 * The payment provider's configuration, for every feature that moves money (Checkout, refunds, editors'
 * payouts): Stripe when configured; otherwise, outside production, test mode, where each feature
 * stands in for Stripe with its own local flow that ends in the same code. In the production deploy
 * context test mode never exists: without live keys money is refused (503), never faked. The Stripe
 * SDK is loaded only on the paths that call Stripe (a cold start pays ~170 ms for it).
 */
import type Stripe from 'stripe';
import { isProduction, type DeployInfo } from '#server/storage/deploy';
import { serverEnv, type ServerEnv } from './env';
import { HttpError } from './http';
import { isLiveStripeKey } from './production-env';

/** Signs test-mode events when no STRIPE_WEBHOOK_SECRET is set. Never accepted in Stripe mode or in production. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_test_mode_only';
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
