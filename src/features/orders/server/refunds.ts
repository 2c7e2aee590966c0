/**
 * Refunds (docs/decisions/017-refunds.md). A refund is recorded on its order before the provider hears of it,
 * under an id that names what is refunded (`cancel-<project id>`, `admin-<request id>`), so a retried
 * request finds it instead of refunding again, and Stripe gets the same idempotency key each time.
 * Its state then follows the provider: the answer to `refunds.create`, and the `refund.*` and
 * `charge.refunded` events, which also bring refunds made in the Stripe dashboard into the order.
 * States only move forward: pending -> succeeded or failed, and succeeded -> failed (a refund can
 * fail later); an older event never undoes a newer one. In test mode the "provider" answers at once,
 * through the same signed events, read and handled as the webhook reads and handles them.
 */
import type Stripe from 'stripe';
import { formatUsdCents } from '#lib/money';
import { z } from '#lib/zod';
import type { Order } from '../order';
import { remainingCents, refundMessages, type Refund, type RefundState } from '#lib/refunds';
import { HttpError } from '#server/core/http';
import { tellOwner } from '#server/core/attention';
import { ordersRepo } from './orders.repo';
import { configuredPayments, stripeClient, type ConfiguredPayments } from '#server/core/stripe';
import type { DeployInfo } from '#server/storage/stores';
import { signWebhookPayload } from './webhook-signature';
import { once, readEvent } from './events';

export type RefundRequest = Pick<
  Refund,
  'id' | 'amountCents' | 'reason' | 'by' | 'actor' | 'adminEmail' | 'projectIds' | 'forProjectIds'
>;

/** Stripe's refund statuses, as ours. */
const STATE_OF: Record<string, RefundState> = {
  pending: 'pending',
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

/** Whether a refund in `from` may move to `to`: forward only. */
const moves = (from: RefundState, to: RefundState) =>
  from !== to && (from === 'pending' || (from === 'succeeded' && to === 'failed'));

/** Our id for the refund of a payment that arrived for an order no longer awaiting one. */
export const extraRefundId = (sessionId: string) => `extra-${sessionId}`;

const idempotencyKeyOf = (orderId: string, refundId: string) => `refund-${orderId}-${refundId}`;

/** Records the refund on its order (once), then asks the provider for it; answers it as it stands. */
export async function requestRefund(
  orderId: string,
  request: RefundRequest,
  info?: DeployInfo,
  now = new Date(),
): Promise<Refund> {
  const payments = configuredPayments(info);
  const orders = ordersRepo(info);
  let refund: Refund | undefined;
  await orders.change(orderId, (order) => {
    if (order.status !== 'paid') throw new HttpError(409, refundMessages.notPaid);
    refund = order.refunds?.find((r) => r.id === request.id);
    if (refund) return null; // a retry: the same refund
    if (request.amountCents > remainingCents(order))
      throw new HttpError(400, refundMessages.overRemaining(remainingCents(order)));
    const at = now.toISOString();
    refund = { ...request, state: 'pending', providerId: null, failure: null, createdAt: at, updatedAt: at };
    return { ...order, refunds: [...(order.refunds ?? []), refund], updatedAt: at };
  });
  if (!refund) throw new HttpError(404, 'Order not found');
  if (refund.state !== 'pending' || refund.providerId) return refund;
  const order = (await orders.get(orderId))!;
  if (!order.payment.paymentIntent && payments.kind === 'stripe')
    throw new Error(`Order ${order.id} has no payment intent to refund`);
  await askProvider(
    {
      orderId,
      refundId: refund.id,
      paymentIntent: order.payment.paymentIntent ?? null,
      amountCents: refund.amountCents,
    },
    payments,
    info,
  );
  return (await orders.get(orderId))!.refunds!.find((r) => r.id === refund!.id)!;
}

/**
 * Our team hears once of a refund that failed (Stripe refused it, or reported it failed later): it is
 * theirs to make by hand. Told whenever the refund is found failed, so a retried event that changes
 * nothing still finishes a notice the first one could not send.
 */
async function tellOfFailure(order: Order, refund: Refund, info?: DeployInfo) {
  await tellOwner(
    {
      id: `refund-failed-${order.id}-${refund.id}`,
      at: new Date(refund.createdAt),
      kind: 'refund-failed',
      orderId: order.id,
      subject: `Action needed: a refund on order ${order.id} was refused`,
      lines: [
        `The refund of ${formatUsdCents(refund.amountCents)} on order ${order.id} failed (${refund.reason}).`,
        `Why: ${refund.failure ?? 'no reason given'}.`,
        'Nothing will ask again. Refund it by hand in the Stripe dashboard and tell the family.',
      ],
    },
    info,
  );
}

/** A refusal asking again cannot change (a 4xx other than a conflict or a rate limit), as the Stripe SDK reports it. */
function refusedForGood(error: unknown): string | null {
  const { statusCode, message } = (error ?? {}) as { statusCode?: unknown; message?: unknown };
  if (
    typeof statusCode !== 'number' ||
    statusCode < 400 ||
    statusCode >= 500 ||
    statusCode === 409 ||
    statusCode === 429
  )
    return null;
  return typeof message === 'string' && message ? message : `Stripe answered ${statusCode}`;
}

/**
 * What the layer above does when a refund is found failed (the webhook's entry point gives the
 * projects' earnings back their share): run each time it is found so, so a retried event finishes it.
 */
export type WhenRefundFailed = (order: Order, refund: Refund, info?: DeployInfo) => Promise<unknown>;

/** One refund as the provider is asked for it: of which payment, how much, and our ids for it. */
export interface RefundAsked {
  orderId: string;
  refundId: string;
  paymentIntent: string | null;
  amountCents: number;
}

/**
 * Asks the provider for a refund (the same idempotency key each time) and brings its answer into the
 * order. In test mode the answer is the signed event a provider would send, read (events.ts) and
 * handled (handleRefundEvent) as the webhook does.
 */
export async function askProvider(asked: RefundAsked, payments: ConfiguredPayments, info?: DeployInfo): Promise<void> {
  const metadata = { orderId: asked.orderId, refundId: asked.refundId };
  if (payments.kind === 'test') {
    const payload = JSON.stringify(refundEvent(asked, metadata));
    await handleRefundEvent(readEvent(payload, signWebhookPayload(payload, payments.webhookSecret), info), info);
    return;
  }
  const stripe = await stripeClient(payments);
  let created: Stripe.Refund;
  try {
    created = await stripe.refunds.create(
      { payment_intent: asked.paymentIntent!, amount: asked.amountCents, metadata },
      { idempotencyKey: idempotencyKeyOf(asked.orderId, asked.refundId) },
    );
  } catch (error) {
    const refused = refusedForGood(error);
    if (!refused) throw error;
    // Recorded as failed, so no timer asks again and the money counts as not refunded.
    await applyProviderRefund(
      asked.orderId,
      {
        id: `refused-${asked.refundId}`,
        amount: asked.amountCents,
        status: 'failed',
        metadata,
        failure_reason: `Stripe refused it: ${refused}`,
      },
      info,
    );
    return;
  }
  await applyProviderRefund(
    asked.orderId,
    {
      id: created.id,
      amount: created.amount,
      status: created.status ?? 'pending',
      metadata,
      failure_reason: created.failure_reason ?? null,
    },
    info,
  );
}

/** The `refund.updated` event a provider would send once the test-mode refund went through. */
function refundEvent(asked: RefundAsked, metadata: Record<string, string>) {
  const providerId = `re_test_local_${asked.refundId.replace(/[^A-Za-z0-9]/g, '').slice(-24)}`;
  return {
    id: `evt_test_local_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'refund.updated',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: providerId,
        object: 'refund',
        amount: asked.amountCents,
        currency: 'usd',
        status: 'succeeded',
        payment_intent: asked.paymentIntent,
        metadata,
      },
    },
  };
}

/** The refund fields events carry. */
const providerRefundSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  status: z.string(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  failure_reason: z.string().nullish(),
});
type ProviderRefund = z.infer<typeof providerRefundSchema>;

export type RefundEventResult = 'refund-recorded' | 'refund-unchanged' | 'unknown-order';

/**
 * Brings one provider refund into its order: ours (by the ids we gave it) moves forward; one we never
 * asked for (made in the Stripe dashboard) is added.
 */
async function applyProviderRefund(
  orderId: string | null,
  refund: ProviderRefund,
  info?: DeployInfo,
  whenFailed?: WhenRefundFailed,
  now = new Date(),
): Promise<RefundEventResult> {
  const orders = ordersRepo(info);
  const paymentIntent = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  const order = orderId ? await orders.get(orderId) : paymentIntent ? await orders.byPayment(paymentIntent) : null;
  if (!order) return 'unknown-order';
  const state = STATE_OF[refund.status] ?? 'pending';
  let changed = false;
  let failed: Refund | null = null;
  await orders.change(order.id, (current) => {
    failed = null;
    const refunds = current.refunds ?? [];
    const at = now.toISOString();
    const extra = current.extraPayments?.find(
      (p) =>
        refund.metadata?.refundId === extraRefundId(p.sessionId) ||
        p.refund.providerId === refund.id ||
        (paymentIntent !== undefined && p.paymentIntent === paymentIntent),
    );
    if (extra) {
      const moved = moves(extra.refund.state, state);
      changed = moved || extra.refund.providerId !== refund.id;
      if (!changed) return null;
      const next = {
        ...extra.refund,
        providerId: refund.id,
        updatedAt: at,
        ...(moved && { state, failure: state === 'failed' ? (refund.failure_reason ?? 'failed') : null }),
      };
      return {
        ...current,
        extraPayments: current.extraPayments!.map((p) => (p === extra ? { ...p, refund: next } : p)),
        updatedAt: at,
      };
    }
    const ours = refunds.find((r) => r.id === refund.metadata?.refundId || r.providerId === refund.id);
    if (!ours) {
      changed = true;
      const added: Refund = {
        id: refund.id,
        amountCents: refund.amount,
        reason: 'Refunded in the Stripe dashboard',
        by: 'provider',
        actor: 'Stripe',
        projectIds: [],
        state,
        providerId: refund.id,
        failure: state === 'failed' ? (refund.failure_reason ?? 'failed') : null,
        createdAt: at,
        updatedAt: at,
      };
      if (state === 'failed') failed = added;
      return { ...current, refunds: [...refunds, added], updatedAt: at };
    }
    const next: Refund = {
      ...ours,
      providerId: ours.providerId ?? refund.id,
      ...(moves(ours.state, state) && {
        state,
        failure: state === 'failed' ? (refund.failure_reason ?? 'failed') : null,
      }),
    };
    if (next.state === 'failed') failed = next;
    changed = next.state !== ours.state || next.providerId !== ours.providerId;
    if (!changed) return null;
    return { ...current, refunds: refunds.map((r) => (r === ours ? { ...next, updatedAt: at } : r)), updatedAt: at };
  });
  if (failed) {
    await tellOfFailure(order, failed, info);
    await whenFailed?.(order, failed, info);
  }
  return changed ? 'refund-recorded' : 'refund-unchanged';
}

/** A refund's own events carry the refund; `charge.refunded` carries the charge and its refunds. */
const REFUND_EVENTS = ['refund.created', 'refund.updated', 'refund.failed'];
const CHARGE_REFUNDED = 'charge.refunded';

export const isRefundEvent = (type: string) => REFUND_EVENTS.includes(type) || type === CHARGE_REFUNDED;

/** `charge.refunded`: the charge's payment and the refunds listed with it (when the API version lists them). */
const chargeSchema = z.object({
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  refunds: z.object({ data: z.array(providerRefundSchema) }).nullish(),
});

/** A refund event, once: each refund it names brought into its order. */
export async function handleRefundEvent(
  event: Stripe.Event,
  info?: DeployInfo,
  whenFailed?: WhenRefundFailed,
): Promise<RefundEventResult | 'duplicate'> {
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
        results.push(await applyProviderRefund(refund.metadata?.orderId ?? null, refund, info, whenFailed));
      return results.includes('refund-recorded')
        ? 'refund-recorded'
        : results.includes('unknown-order')
          ? 'unknown-order'
          : 'refund-unchanged';
    });
  }
  const refund = providerRefundSchema.safeParse(event.data?.object);
  if (!refund.success) throw new HttpError(400, 'Malformed event');
  return once(event, info, () =>
    applyProviderRefund(refund.data.metadata?.orderId ?? null, refund.data, info, whenFailed),
  );
}
