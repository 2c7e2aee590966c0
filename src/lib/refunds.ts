/**
 * Cancellations and refunds (docs/decisions/017-refunds.md): the policy and the arithmetic, in integer cents,
 * shared by the server (which alone decides what is refunded) and the pages (which say it first).
 * A project editing has not begun on (no feedback returned) may be cancelled by its customer: within
 * 48 hours of payment the whole price comes back, after that 75% (the 25% fee rounds in the
 * customer's favour). Anything else, add-ons included, is refunded by the admin.
 */
import { formatUsdCents } from './money';

const REFUND_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The fee after the window, as a fraction: 25/100. */
const LATE_FEE = { numerator: 25, denominator: 100 } as const;

/**
 * The policy as every page states it (the terms, the pricing FAQ, the checkout, the confirmation, the
 * dashboard): in words of what the family sees happen, feedback coming back, so that no state's name
 * contradicts it. Both readings of a refund are in it: the right to cancel, and discretion after.
 */
export const CANCELLATION_POLICY =
  'You can cancel a service yourself, on your dashboard, until your editor returns their first feedback on it. ' +
  'Cancel within 48 hours of booking and we refund that service in full; after 48 hours we keep a 25% cancellation ' +
  'fee and refund the rest. Speed upgrades and the community are refunded only if you ask us. Once feedback has ' +
  'been returned, refunds are generally not available, and any exception is at our discretion.';

/** The same policy in a line, where the family is about to pay or has just paid. */
export const CANCELLATION_SUMMARY =
  'Cancel any service until its first feedback comes back: in full within 48 hours of booking, 75% after. Add-ons are refunded on request.';

export interface CancellationQuote {
  amountCents: number;
  withinWindow: boolean;
  /** Exactly what comes back and why, as the confirmation says it. */
  text: string;
}

/**
 * What cancelling a project bought at `priceCents`, paid at `paidAt`, gives back at `now`, never more
 * than the `remainingCents` still refundable on its order (an admin may have refunded part of it).
 */
export function cancellationQuote(
  priceCents: number,
  paidAt: Date,
  now: Date,
  remainingCents: number,
): CancellationQuote {
  const withinWindow = now.getTime() - paidAt.getTime() <= REFUND_WINDOW_MS;
  // The fee is rounded down, so the refund is rounded up: half a cent goes to the customer.
  const policyCents = withinWindow
    ? priceCents
    : priceCents - Math.floor((priceCents * LATE_FEE.numerator) / LATE_FEE.denominator);
  const amountCents = Math.max(0, Math.min(policyCents, remainingCents));
  if (amountCents === 0) return { amountCents, withinWindow, text: 'No refund: this order has been refunded already' };
  if (amountCents < policyCents)
    return {
      amountCents,
      withinWindow,
      text: `${formatUsdCents(amountCents)} back (all that remains to refund on this order)`,
    };
  if (withinWindow)
    return {
      amountCents,
      withinWindow,
      text: `Full refund of ${formatUsdCents(amountCents)} (within 48 hours of booking)`,
    };
  return { amountCents, withinWindow, text: `${formatUsdCents(amountCents)} back (a 25% fee applies after 48 hours)` };
}

/** The quote for a project of `order`: from when the order was paid and what remains of it. */
export const quoteFor = (project: { priceCents: number; createdAt: string }, order: RefundBasis, now: Date) =>
  cancellationQuote(
    project.priceCents,
    new Date(order.payment.paidAt ?? project.createdAt),
    now,
    remainingCents(order),
  );

/** What of an order decides a refund. */
export interface RefundBasis {
  payment: { paidAt?: string };
  refunds?: Refund[];
  totalCents: number;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

export interface Refund {
  /** Ours, and what makes a retry the same refund: `cancel-<project id>` or `admin-<request id>`; a refund made elsewhere (the Stripe dashboard) goes by Stripe's id. */
  id: string;
  amountCents: number;
  reason: string;
  by: 'customer' | 'admin' | 'provider';
  /** Who, for people: the family's e-mail, our team's name, or the provider. */
  actor: string;
  /** Which of our team, for the admin area only (`orderForFamily` drops it). */
  adminEmail?: string;
  /** Projects cancelled with it. */
  projectIds: string[];
  /** Projects that had ended (final or withdrawn) which it refunds, named by our team; absent on older refunds. */
  forProjectIds?: string[];
  state: RefundState;
  /** The provider's refund id, once known. */
  providerId: string | null;
  failure: string | null;
  createdAt: string;
  updatedAt: string;
}

export const refundStateLabel: Record<RefundState, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** Every project a refund is for: those it cancelled and those that had ended. */
export const projectsOfRefund = (refund: Pick<Refund, 'projectIds' | 'forProjectIds'>) => [
  ...refund.projectIds,
  ...(refund.forProjectIds ?? []),
];

/** Refunds that count against the payment: everything but failed ones. */
export const refundedCents = (order: Pick<RefundBasis, 'refunds'>) =>
  (order.refunds ?? []).filter((r) => r.state !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
export const remainingCents = (order: Pick<RefundBasis, 'refunds' | 'totalCents'>) =>
  Math.max(0, order.totalCents - refundedCents(order));

export type PaymentState = 'paid' | 'partially_refunded' | 'refunded';
export const paymentStateLabel: Record<PaymentState, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** paid -> partially_refunded -> refunded, from what was refunded of a paid order. */
export function paymentStateOf(order: Pick<RefundBasis, 'refunds' | 'totalCents'>): PaymentState {
  const refunded = refundedCents(order);
  if (refunded === 0) return 'paid';
  return refunded >= order.totalCents ? 'refunded' : 'partially_refunded';
}

export const refundMessages = {
  editingBegun:
    'Feedback has been returned on this project, so it cannot be cancelled here. Please contact us about a refund.',
  overRemaining: (remaining: number) => `amountCents: at most ${formatUsdCents(remaining)} remains to refund`,
  notPaid: 'Only a paid order can be refunded.',
  projectNotInOrder: 'projectIds: every project must belong to this order',
  endedNotInOrder: 'forProjectIds: every project must belong to this order',
  namedTwice: 'forProjectIds: a project cancelled with the refund is already what it is for',
  notEnded: (id: string) =>
    `forProjectIds: ${id} has not ended; a refund can be for a finished project only once it is final or withdrawn`,
  quoteChanged: (quote: CancellationQuote) =>
    `What cancelling gives back has changed: ${quote.text}. Please confirm again.`,
} as const;
