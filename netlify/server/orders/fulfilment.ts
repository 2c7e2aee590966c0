/**
 * What a payment event does: the paid amount must match the stored order, the order moves
 * out of pending exactly once, and what payment brings (add-ons, projects, e-mails) is made so that
 * making it again changes nothing. So any delivery, a retry after a failure at any write included,
 * completes what an earlier one left half done, and duplicate or out-of-order deliveries change
 * nothing. An event is marked handled only when its work is all stored. Refund events go to
 * refunds.ts, under the same rule.
 */
import type Stripe from 'stripe';
import { z } from '../../../src/lib/zod';
import { customersRepo } from './customers.repo';
import { ensureProjects } from '../delivery/creation';
import { refundExtraPayment } from './extra-payments';
import { HttpError } from '../core/http';
import { editorAddressOf, sendOrderConfirmations, type EditorAddress } from './order-mail';
import { ordersRepo, type Order } from './orders.repo';
import { configuredPayments, webhookSecretOf } from './payments';
import { applyProviderRefund, providerRefundSchema, type RefundEventResult } from './refunds';
import { openStore, type DeployInfo } from '../storage/stores';
import { isValidWebhookSignature } from './webhook-signature';

export type FulfilmentResult =
  | RefundEventResult
  | 'duplicate'
  | 'ignored'
  | 'unknown-order'
  | 'amount-mismatch'
  | 'awaiting-payment'
  | 'already-settled'
  | 'extra-payment-refunded'
  | 'paid'
  | 'failed'
  | 'expired';

const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];
/** A refund's own events carry the refund; `charge.refunded` carries the charge and its refunds. */
const REFUND_EVENTS = ['refund.created', 'refund.updated', 'refund.failed'];
const CHARGE_REFUNDED = 'charge.refunded';

/** Stripe's events are far below this; anything larger is not from Stripe. */
const MAX_EVENT_BYTES = 512 * 1024;

/** The envelope every Stripe event has; the handlers parse their own `data.object`. */
const eventSchema = z.object({ id: z.string().min(1), type: z.string(), data: z.object({ object: z.unknown() }) });

/**
 * A webhook delivery as received: 503 when this deploy has no webhook secret, 400 unless the
 * signature is valid and fresh, then the event is handled.
 */
export async function receiveWebhook(payload: string, signature: string, info?: DeployInfo): Promise<FulfilmentResult> {
  if (payload.length > MAX_EVENT_BYTES) throw new HttpError(400, 'Event too large');
  const secret = webhookSecretOf(configuredPayments(info));
  if (!isValidWebhookSignature(payload, signature, secret)) throw new HttpError(400, 'Invalid signature');
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw new HttpError(400, 'Malformed event');
  }
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) throw new HttpError(400, 'Malformed event');
  return handlePaymentEvent(parsed.data as unknown as Stripe.Event, info);
}

/** `charge.refunded`: the charge's payment and the refunds listed with it (when the API version lists them). */
const chargeSchema = z.object({
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  refunds: z.object({ data: z.array(providerRefundSchema) }).nullish(),
});

/**
 * Handles `work` for an event not handled before, and marks the event handled once the work is done.
 * The work is safe to repeat: a delivery that failed half way (and was answered 5xx) is completed by
 * the provider's retry, and deliveries at once both do it with one effect.
 */
async function once(
  event: Stripe.Event,
  info: DeployInfo | undefined,
  work: () => Promise<FulfilmentResult>,
): Promise<FulfilmentResult> {
  const events = openStore('events', info);
  if (await events.get(event.id, { type: 'json' })) return 'duplicate';
  const result = await work();
  await events.setJSON(event.id, { type: event.type, receivedAt: new Date().toISOString(), result });
  return result;
}

async function handleRefundEvent(event: Stripe.Event, info?: DeployInfo): Promise<FulfilmentResult> {
  if (event.type === CHARGE_REFUNDED) {
    const charge = chargeSchema.safeParse(event.data?.object);
    if (!charge.success) throw new HttpError(400, 'Malformed event');
    const paymentIntent =
      typeof charge.data.payment_intent === 'string' ? charge.data.payment_intent : charge.data.payment_intent?.id;
    const refunds = (charge.data.refunds?.data ?? []).map((r) => ({
      ...r,
      payment_intent: r.payment_intent ?? paymentIntent,
    }));
    return once(event, info, async () => {
      const results = [];
      for (const refund of refunds)
        results.push(await applyProviderRefund(refund.metadata?.orderId ?? null, refund, info));
      return results.includes('refund-recorded')
        ? 'refund-recorded'
        : results.includes('unknown-order')
          ? 'unknown-order'
          : 'refund-unchanged';
    });
  }
  const refund = providerRefundSchema.safeParse(event.data?.object);
  if (!refund.success) throw new HttpError(400, 'Malformed event');
  return once(event, info, () => applyProviderRefund(refund.data.metadata?.orderId ?? null, refund.data, info));
}

/** The checkout session fields fulfilment reads; a signed event without them is answered 400, not a crash. */
const sessionSchema = z.object({
  id: z.string(),
  client_reference_id: z.string().nullable(),
  amount_total: z.number().nullable(),
  currency: z.string().nullable(),
  payment_status: z.string(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});
type Session = z.infer<typeof sessionSchema>;

export async function handlePaymentEvent(event: Stripe.Event, info?: DeployInfo): Promise<FulfilmentResult> {
  if (REFUND_EVENTS.includes(event.type) || event.type === CHARGE_REFUNDED) return handleRefundEvent(event, info);
  if (!CHECKOUT_EVENTS.includes(event.type)) return 'ignored';
  const session = sessionSchema.safeParse(event.data?.object);
  if (!session.success) throw new HttpError(400, 'Malformed event');
  return once(event, info, () => settle(event.type, session.data, info));
}

async function settle(type: string, session: Session, info?: DeployInfo): Promise<FulfilmentResult> {
  const orders = ordersRepo(info);
  const order = session.client_reference_id ? await orders.get(session.client_reference_id) : null;
  if (!order) return 'unknown-order';
  if (type === 'checkout.session.expired')
    return (await orders.settle(order.id, 'expired')) ? 'expired' : 'already-settled';
  if (type === 'checkout.session.async_payment_failed')
    return (await orders.settle(order.id, 'failed')) ? 'failed' : 'already-settled';
  // A completed session with a delayed payment method is paid later (async_payment_succeeded).
  if (type === 'checkout.session.completed' && session.payment_status !== 'paid') return 'awaiting-payment';

  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // Before the order is paid: a refund event names only the payment, and must find its order.
  if (paymentIntent) await orders.indexPayment(paymentIntent, order.id);
  if (order.status !== 'pending') return settledBefore(order, session, paymentIntent, info);

  if (session.amount_total !== order.totalCents || session.currency !== 'usd') {
    console.error(
      `Order ${order.id}: paid ${session.amount_total} ${session.currency}, expected ${order.totalCents} usd. Not fulfilled.`,
    );
    return 'amount-mismatch';
  }
  // Who hears of it is decided now and recorded with the payment: the confirmation page says it.
  const editorAddress = await editorAddressOf(order, info);
  const paid = await orders.settle(
    order.id,
    'paid',
    { sessionId: session.id, paymentIntent, paidAt: new Date().toISOString() },
    new Date(),
    {
      editorNotice: editorAddress.notice,
    },
  );
  if (paid) {
    await fulfil(paid, editorAddress, info);
    return 'paid';
  }
  // Another delivery settled it meanwhile.
  return settledBefore((await orders.get(order.id))!, session, paymentIntent, info);
}

/**
 * A payment for an order already out of pending. Paid by this session: complete what an earlier
 * delivery may have left half done (each step finds what is there already), with the e-mail addresses
 * recorded at payment. Any other payment is not the order's: it is refunded.
 */
async function settledBefore(
  order: Order,
  session: Session,
  paymentIntent: string | undefined,
  info?: DeployInfo,
): Promise<FulfilmentResult> {
  if (order.status === 'paid' && order.payment.sessionId === session.id) {
    await fulfil(order, await editorAddressOf(order, info, order.editorNotice), info);
    return 'already-settled';
  }
  await refundExtraPayment(
    order.id,
    { sessionId: session.id, paymentIntent: paymentIntent ?? null, amountCents: session.amount_total ?? 0 },
    info,
  );
  return 'extra-payment-refunded';
}

/**
 * What payment brings, made so that making it again changes nothing: what the customer bought
 * becomes theirs (add-ons, and one project per unit of editing), and everyone hears of it
 * (each e-mail once per order).
 */
async function fulfil(order: Order, editorAddress: EditorAddress, info?: DeployInfo) {
  await Promise.all([recordAddOns(order, info), ensureProjects(order, info)]);
  await sendOrderConfirmations(order, editorAddress, info);
}

const recordAddOns = (order: Order, info?: DeployInfo) =>
  customersRepo(info).addOwned(
    order.customer.uid,
    order.addOnLines.map((l) => l.id),
  );
