/**
 * Orders that were never paid: the customer can open a fresh checkout for the same stored
 * order (its prices as stored) or cancel it, and an order still unpaid 24 hours after it was placed
 * expires, as its checkout sessions do. A cancelled order's sessions are closed first, so nobody can
 * pay an order we no longer hold; if one was paid meanwhile, the order stays paid.
 */
import { MIN_SESSION_MS, orderMessages, paymentDeadline, type Order } from '../order';
import type { Caller } from '#server/core/auth';
import { HttpError } from '#server/core/http';
import { ordersRepo } from './orders.repo';
import { openCheckout, type CheckoutSession } from './payments';
import { PROVIDER_UNREACHABLE, stripeClient, type ConfiguredPayments } from '#server/core/stripe';
import type { DeployInfo } from '#server/storage/stores';
import type { TimerHandler } from '#server/core/timers';

async function ownPendingOrder(orderId: string, caller: Caller, info?: DeployInfo): Promise<Order> {
  const order = await ordersRepo(info).get(orderId);
  if (!order || order.customer.uid !== caller.uid) throw new HttpError(404, 'Order not found');
  if (order.status !== 'pending')
    throw new HttpError(409, order.status === 'expired' ? orderMessages.expired : orderMessages.notPending);
  return order;
}

/** Remembers a session opened for the order, so cancelling can close it. */
export async function recordSession(orderId: string, sessionId: string, info?: DeployInfo) {
  await ordersRepo(info).change(orderId, (order) => ({
    ...order,
    payment: { ...order.payment, sessionIds: [...(order.payment.sessionIds ?? []), sessionId] },
  }));
}

/** Expires an unpaid order once its 24 hours are over; answers whether it did. */
export async function expireIfDue(orderId: string, info?: DeployInfo, now = new Date()): Promise<boolean> {
  const order = await ordersRepo(info).get(orderId);
  if (!order || order.status !== 'pending' || now < paymentDeadline(order)) return false;
  return (await ordersRepo(info).settle(orderId, 'expired', {}, now)) !== null;
}

/** The kind of timer that expires an unpaid order once its time is over (set at checkout). */
export const EXPIRE_TIMER = 'expire';

/** The orders' timers. */
export const orderTimers: Record<string, TimerHandler<DeployInfo>> = {
  [EXPIRE_TIMER]: (timer, info, now) => expireIfDue(timer.subjectId, info, now),
};

/** 'Complete Payment': a fresh checkout for the stored order, while a session can still end before its deadline. */
export async function reopenCheckout(
  orderId: string,
  caller: Caller,
  payments: ConfiguredPayments,
  info?: DeployInfo,
  now = new Date(),
): Promise<CheckoutSession> {
  const order = await ownPendingOrder(orderId, caller, info);
  if (paymentDeadline(order).getTime() - now.getTime() < MIN_SESSION_MS) {
    await ordersRepo(info).settle(order.id, 'expired', {}, now);
    throw new HttpError(409, orderMessages.expired);
  }
  // Only one checkout is open at a time, so a family with two tabs cannot pay twice. Each new one
  // closed those before it, so only the newest can still be open.
  await closeSessions(order.payment.sessionIds?.slice(-1) ?? [], payments, orderMessages.paidMeanwhile);
  const session = await openCheckout(order, payments);
  await recordSession(order.id, session.id, info);
  return session;
}

/**
 * Closes Stripe sessions; 409 with `paidMessage` when one of them was paid meanwhile. Test checkout
 * sessions are closed by being older than the order's newest (the test checkout refuses them).
 */
async function closeSessions(sessionIds: string[], payments: ConfiguredPayments, paidMessage: string) {
  if (payments.kind !== 'stripe') return;
  const stripe = await stripeClient(payments);
  for (const id of sessionIds) {
    try {
      await stripe.checkout.sessions.expire(id);
    } catch {
      // Only an open session can be expired: one that is not is expired already, or was paid.
      const { status } = await stripe.checkout.sessions.retrieve(id);
      if (status === 'complete') throw new HttpError(409, paidMessage);
      if (status === 'open') throw new HttpError(503, PROVIDER_UNREACHABLE);
    }
  }
}

/** 'Cancel Order': an unpaid order is cancelled and can no longer be paid. */
export async function cancelUnpaidOrder(
  orderId: string,
  caller: Caller,
  payments: ConfiguredPayments,
  info?: DeployInfo,
): Promise<Order> {
  const order = await ownPendingOrder(orderId, caller, info);
  await closeSessions(order.payment.sessionIds ?? [], payments, orderMessages.justPaid);
  const cancelled = await ordersRepo(info).settle(order.id, 'cancelled');
  if (!cancelled) throw new HttpError(409, orderMessages.notPending);
  return cancelled;
}
