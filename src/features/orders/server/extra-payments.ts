/**
 * A payment for an order that no longer awaits one: a second checkout paid for an order already paid
 * (two tabs, or a session opened before 'Complete Payment' opened another), or a payment that arrived
 * after the order expired or was cancelled. Nobody keeps money for nothing: the payment is recorded on
 * the order, refunded in full, and the family and our team are told, each once. Every step finds what
 * an earlier attempt did, so a webhook delivery that failed half way is completed by its retry.
 */
import type { ExtraPayment, Order } from '../order';
import { formatUsdCents } from '#lib/money';
import { site } from '#lib/site';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { ordersRepo } from './orders.repo';
import { configuredPayments } from '#server/core/stripe';
import { askProvider, extraRefundId } from './refunds';
import type { DeployInfo } from '#server/storage/stores';

export interface ArrivedPayment {
  sessionId: string;
  paymentIntent: string | null;
  amountCents: number;
}

const NO_PAYMENT_TO_REFUND = 'The payment names no charge to refund: refund it in the Stripe dashboard.';

export async function refundExtraPayment(
  orderId: string,
  paid: ArrivedPayment,
  info?: DeployInfo,
  now = new Date(),
): Promise<ExtraPayment> {
  const payments = configuredPayments(info);
  const orders = ordersRepo(info);
  const at = now.toISOString();
  const find = (order: Order | null) => order?.extraPayments?.find((p) => p.sessionId === paid.sessionId);
  const recorded = await orders.change(orderId, (order) => {
    if (find(order)) return null;
    const refund = paid.paymentIntent
      ? { state: 'pending' as const, providerId: null, failure: null, updatedAt: at }
      : { state: 'failed' as const, providerId: null, failure: NO_PAYMENT_TO_REFUND, updatedAt: at };
    return {
      ...order,
      extraPayments: [...(order.extraPayments ?? []), { ...paid, receivedAt: at, refund }],
      updatedAt: at,
    };
  });
  const extra = find(recorded)!;
  if (extra.refund.state === 'pending' && !extra.refund.providerId) {
    await askProvider(
      {
        orderId,
        refundId: extraRefundId(extra.sessionId),
        paymentIntent: extra.paymentIntent,
        amountCents: extra.amountCents,
      },
      payments,
      info,
    );
  }
  const order = (await orders.get(orderId))!;
  const settled = find(order)!;
  await tell(order, settled, info);
  return settled;
}

/** Why the order could not take the payment, as the family reads it. */
function why(order: Order): string {
  if (order.status === 'paid')
    return `Your order ${order.id} was already paid, so we refunded the second payment in full.`;
  const state =
    order.status === 'cancelled'
      ? 'was cancelled'
      : order.status === 'expired'
        ? 'had expired'
        : 'could no longer be paid';
  return `Your order ${order.id} ${state} before your payment reached us, so we refunded it in full.`;
}

/** The family hears that their money comes back; our team hears of every extra payment, and must act on one that could not be refunded. */
async function tell(order: Order, extra: ExtraPayment, info?: DeployInfo) {
  const amount = formatUsdCents(extra.amountCents);
  const at = new Date(extra.receivedAt);
  const key = `order-${order.id}-extra-${extra.sessionId}`;
  const refused = extra.refund.state === 'failed';
  const family = [
    `We received a payment of ${amount} (checkout ${extra.sessionId}).`,
    why(order),
    'It reaches your card within 5-10 business days.',
  ];
  const team = [
    `Order ${order.id} (status: ${order.status}) received a payment of ${amount} in checkout ${extra.sessionId}${extra.paymentIntent ? `, payment ${extra.paymentIntent}` : ''}.`,
    refused
      ? `The automatic refund failed: ${extra.refund.failure ?? 'no reason given'}. Refund it by hand and tell the family.`
      : 'It was refunded in full automatically; the family was told.',
  ];
  if (!refused)
    await sendMail(
      { ...paragraphsMail(order.customer.email, `A refund for your order ${order.id}`, family), kind: 'order' },
      info,
      at,
      {
        id: `${key}-family`,
        at,
      },
    );
  await sendMail(
    {
      ...paragraphsMail(site.email, `${refused ? 'Action needed: ' : ''}an extra payment for order ${order.id}`, team),
      kind: 'order',
    },
    info,
    at,
    { id: `${key}-team`, at },
  );
}
