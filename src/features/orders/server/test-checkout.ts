/**
 * The local and test-mode checkout: looks like a hosted checkout, and paying builds the
 * `checkout.session.completed` event Stripe would send, signs it with the webhook secret and hands it
 * to the webhook's own code. Card 4000 0000 0000 0002 is declined and charges nothing.
 */
import type Stripe from 'stripe';
import { receiveWebhook, type FulfilmentResult, type WhenPaid } from './fulfilment';
import { HttpError } from '#server/core/http';
import type { Order } from './orders.repo';
import { DECLINE_MESSAGE, TEST_CARD_DECLINED } from './payments';
import { type PaymentsMode } from '#server/core/stripe';
import type { DeployInfo } from '#server/storage/stores';
import { signWebhookPayload } from './webhook-signature';

export function completedEvent(order: Order, sessionId: string): Stripe.Event {
  const session = {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: order.id,
    amount_total: order.totalCents,
    currency: 'usd',
    customer_email: order.customer.email,
    payment_status: 'paid',
    status: 'complete',
    payment_intent: `pi_test_local_${crypto.randomUUID().replace(/-/g, '')}`,
    metadata: { orderId: order.id },
  };
  return {
    id: `evt_test_local_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: session },
  } as unknown as Stripe.Event;
}

export async function payTestCheckout(
  order: Order,
  sessionId: string,
  cardNumber: string,
  mode: Extract<PaymentsMode, { kind: 'test' }>,
  whenPaid: WhenPaid,
  info?: DeployInfo,
): Promise<FulfilmentResult> {
  if (cardNumber.replace(/\s/g, '') === TEST_CARD_DECLINED) throw new HttpError(402, DECLINE_MESSAGE);
  const payload = JSON.stringify(completedEvent(order, sessionId));
  return receiveWebhook(payload, signWebhookPayload(payload, mode.webhookSecret), whenPaid, info);
}
