/**
 * Checkout: Stripe Checkout when configured; otherwise, outside production, our own test checkout,
 * whose "payment" produces the same signed event Stripe would send, handled by the same fulfilment
 * code (the provider's configuration: core/stripe.ts).
 */
import { serverEnv, type ServerEnv } from '#server/core/env';
import { stripeClient, type ConfiguredPayments } from '#server/core/stripe';
import { orderPagePath, paymentDeadline } from '../order';
import type { Order } from './orders.repo';

export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINE_MESSAGE = 'Your card was declined.';

export interface CheckoutSession {
  id: string;
  url: string;
}

const confirmationUrl = (env: ServerEnv, orderId: string, sessionId: string) =>
  `${env.URL}${orderPagePath(orderId)}&session_id=${sessionId}`;

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
    // The platform charges; editors are paid later by transfers that can name the order's group.
    // The payment names its order too: a declined card's event (declines.ts) carries only the payment.
    payment_intent_data: { transfer_group: order.id, metadata: { orderId: order.id } },
    line_items: lines.map((l) => ({
      quantity: l.quantity,
      price_data: { currency: 'usd', unit_amount: l.unitCents, product_data: { name: l.name } },
    })),
    // Stripe fills in {CHECKOUT_SESSION_ID}; our own order id goes along so the page can load the order.
    success_url: confirmationUrl(env, order.id, '{CHECKOUT_SESSION_ID}'),
    // Back to the order, which offers to complete the payment or cancel the order.
    cancel_url: `${env.URL}${orderPagePath(order.id)}`,
    // No session outlives the order's own 24 hours (a late payment would find it expired).
    expires_at: Math.floor(paymentDeadline(order).getTime() / 1000),
  });
  if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
  return { id: session.id, url: session.url };
}
