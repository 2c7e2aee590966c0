/**
 * The local and test-mode checkout: looks like a hosted checkout, and paying builds the
 * `checkout.session.completed` event Stripe would send, signs it with the webhook secret and hands it
 * to the webhook's own code. Card 4000 0000 0000 0002 is declined and charges nothing: the
 * `payment_intent.payment_failed` Stripe would send goes the same way, and the page stays open for
 * another card, as Stripe's does.
 */
import type Stripe from 'stripe';
import { receiveWebhook, type FulfilmentResult, type WhenPaid } from './fulfilment';
import { HttpError } from '#server/core/http';
import type { Order } from './orders.repo';
import { DECLINE_MESSAGE, TEST_CARD_DECLINED } from './payments';
import { DECLINE_EVENT } from './declines';
import { type PaymentsMode } from '#server/core/stripe';
import type { DeployInfo } from '#server/storage/stores';
import { signWebhookPayload } from './webhook-signature';

const localId = (prefix: string) => `${prefix}_test_local_${crypto.randomUUID().replace(/-/g, '')}`;

/** An event as Stripe would send it, of `type` about `object`. */
const eventOf = (type: string, object: object) =>
  ({
    id: localId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  }) as unknown as Stripe.Event;

export const declinedEvent = (order: Order) =>
  eventOf(DECLINE_EVENT, {
    id: localId('pi'),
    object: 'payment_intent',
    metadata: { orderId: order.id },
    last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: DECLINE_MESSAGE },
  });

export function completedEvent(order: Order, sessionId: string): Stripe.Event {
  return eventOf('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: order.id,
    amount_total: order.totalCents,
    currency: 'usd',
    customer_email: order.customer.email,
    payment_status: 'paid',
    status: 'complete',
    payment_intent: localId('pi'),
    metadata: { orderId: order.id },
  });
}

export async function payTestCheckout(
  order: Order,
  sessionId: string,
  cardNumber: string,
  mode: Extract<PaymentsMode, { kind: 'test' }>,
  whenPaid: WhenPaid,
  info?: DeployInfo,
): Promise<FulfilmentResult> {
  const declined = cardNumber.replace(/\s/g, '') === TEST_CARD_DECLINED;
  const payload = JSON.stringify(declined ? declinedEvent(order) : completedEvent(order, sessionId));
  const result = await receiveWebhook(payload, signWebhookPayload(payload, mode.webhookSecret), whenPaid, info);
  if (declined) throw new HttpError(402, DECLINE_MESSAGE);
  return result;
}
