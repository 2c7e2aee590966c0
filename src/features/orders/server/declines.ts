/**
 * A card declined at checkout. Stripe keeps the session open for another card and sends
 * `payment_intent.payment_failed`, naming the order in the payment's metadata (payments.ts puts it
 * there). The order stays awaiting payment, marked declined with the provider's words, so the family
 * and the owner's list read 'Payment declined' and the family is offered to try again; the owner is
 * told once per order. A later payment settles it as any other.
 */
import type Stripe from 'stripe';
import { formatUsdCents } from '#lib/money';
import { z } from '#lib/zod';
import { HttpError } from '#server/core/http';
import { tellOwner } from '#server/core/attention';
import type { DeployInfo } from '#server/storage/stores';
import { paymentDeadline } from '../order';
import { ordersRepo } from './orders.repo';
import { DECLINE_MESSAGE } from './payments';

export const DECLINE_EVENT = 'payment_intent.payment_failed';
/** The provider's words are short; anything longer is cut, never stored whole. */
const REASON_MAX = 200;

const failedPaymentSchema = z.object({
  id: z.string(),
  metadata: z.record(z.string()).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

/** The failed payment the event carries; 400 when a signed event lacks its fields. */
export function failedPaymentOf(event: Stripe.Event) {
  const parsed = failedPaymentSchema.safeParse(event.data?.object);
  if (!parsed.success) throw new HttpError(400, 'Malformed event');
  return parsed.data;
}

/** Marks the order the failed payment names as declined and tells the owner, each once however often it runs. */
export async function recordDecline(
  payment: z.infer<typeof failedPaymentSchema>,
  at: Date,
  info?: DeployInfo,
): Promise<'declined' | 'unknown-order' | 'already-settled'> {
  const orders = ordersRepo(info);
  const orderId = payment.metadata?.orderId;
  const order = orderId ? await orders.get(orderId) : null;
  if (!order) return 'unknown-order';
  const reason = (payment.last_payment_error?.message || DECLINE_MESSAGE).slice(0, REASON_MAX);
  const declined = await orders.markDeclined(order.id, { at: at.toISOString(), reason });
  if (!declined) return 'already-settled';
  const first = new Date(declined.declined!.at);
  await tellOwner(
    {
      id: `payment-declined-${order.id}`,
      at: first,
      kind: 'payment-declined',
      orderId: order.id,
      subject: `Payment declined: order ${order.id}`,
      lines: [
        `The card for order ${order.id} (${formatUsdCents(order.totalCents)}, ${order.student.parentName}) was declined: ${reason}`,
        `The family can try again until ${paymentDeadline(order).toISOString().slice(0, 16).replace('T', ' ')} UTC; the order reads 'Payment declined' until it is paid.`,
      ],
    },
    info,
  );
  return 'declined';
}
