/**
 * What a payment event does: the paid amount must match the stored order, the order moves
 * out of pending exactly once, and what payment brings (add-ons, projects, e-mails) is made so that
 * making it again changes nothing. So any delivery, a retry after a failure at any write included,
 * completes what an earlier one left half done, and duplicate or out-of-order deliveries change
 * nothing. An event is marked handled only when its work is all stored. Refund events go to
 * refunds.ts, under the same rule.
 */
import { z } from '#lib/zod';
import { customersRepo } from './customers.repo';
import { refundExtraPayment } from './extra-payments';
import { HttpError } from '#server/core/http';
import { editorAddressOf, sendOrderConfirmations, type EditorAddress } from './order-mail';
import { ordersRepo, type Order } from './orders.repo';
import { once, readEvent } from './events';
import { DECLINE_EVENT, failedPaymentOf, recordDecline } from './declines';
import { handleRefundEvent, isRefundEvent, type RefundEventResult, type WhenRefundFailed } from './refunds';
import type { DeployInfo } from '#server/storage/stores';

export type FulfilmentResult =
  | RefundEventResult
  | 'transfer-confirmed'
  | 'unknown-transfer'
  | 'duplicate'
  | 'ignored'
  | 'unknown-order'
  | 'amount-mismatch'
  | 'awaiting-payment'
  | 'already-settled'
  | 'extra-payment-refunded'
  | 'paid'
  | 'declined'
  | 'failed'
  | 'expired';

const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

/**
 * What payment brings beyond the order's own records (the projects of what was bought). The entry
 * point names it, so orders depend on no feature built on them. It is done before the event is
 * marked handled, and must be safe to repeat.
 */
export type WhenPaid = (order: Order, info?: DeployInfo) => Promise<unknown>;

/**
 * A transfer the platform made (an editor's payout), as Stripe confirms it: the entry point names what
 * it records, so orders know nothing of payouts. Safe to repeat.
 */
export type WhenTransferred = (
  transfer: { id: string; metadata: Record<string, string> },
  info?: DeployInfo,
) => Promise<'transfer-confirmed' | 'unknown-transfer'>;

const transferSchema = z.object({ id: z.string(), metadata: z.record(z.string()).nullish() });

/** A webhook delivery as received (see events.ts), then handled: refund events by refunds.ts. */
export async function receiveWebhook(
  payload: string,
  signature: string,
  whenPaid: WhenPaid,
  info?: DeployInfo,
  whenRefundFailed?: WhenRefundFailed,
  whenTransferred?: WhenTransferred,
): Promise<FulfilmentResult> {
  const event = readEvent(payload, signature, info);
  if (isRefundEvent(event.type)) return handleRefundEvent(event, info, whenRefundFailed);
  if (event.type === 'transfer.created' && whenTransferred) {
    const transfer = transferSchema.safeParse(event.data?.object);
    if (!transfer.success) throw new HttpError(400, 'Malformed event');
    const { id, metadata } = transfer.data;
    return once(event, info, () => whenTransferred({ id, metadata: metadata ?? {} }, info));
  }
  if (event.type === DECLINE_EVENT) {
    const payment = failedPaymentOf(event);
    const at = event.created === undefined ? new Date() : new Date(event.created * 1000);
    return once(event, info, () => recordDecline(payment, at, info));
  }
  if (!CHECKOUT_EVENTS.includes(event.type)) return 'ignored';
  const session = sessionSchema.safeParse(event.data?.object);
  if (!session.success) throw new HttpError(400, 'Malformed event');
  return once(event, info, () => settle(event.type, session.data, whenPaid, info));
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

async function settle(
  type: string,
  session: Session,
  whenPaid: WhenPaid,
  info?: DeployInfo,
): Promise<FulfilmentResult> {
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
  if (order.status !== 'pending') return settledBefore(order, session, paymentIntent, whenPaid, info);

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
    await fulfil(paid, editorAddress, whenPaid, info);
    return 'paid';
  }
  // Another delivery settled it meanwhile.
  return settledBefore((await orders.get(order.id))!, session, paymentIntent, whenPaid, info);
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
  whenPaid: WhenPaid,
  info?: DeployInfo,
): Promise<FulfilmentResult> {
  if (order.status === 'paid' && order.payment.sessionId === session.id) {
    await fulfil(order, await editorAddressOf(order, info, order.editorNotice), whenPaid, info);
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
async function fulfil(order: Order, editorAddress: EditorAddress, whenPaid: WhenPaid, info?: DeployInfo) {
  await Promise.all([recordAddOns(order, info), whenPaid(order, info)]);
  await sendOrderConfirmations(order, editorAddress, info);
}

const recordAddOns = (order: Order, info?: DeployInfo) =>
  customersRepo(info).addOwned(
    order.customer.uid,
    order.addOnLines.map((l) => l.id),
  );
