import type { ExtraPayment, Order } from '../../order';
import { formatUsdCents } from '#lib/money';
import { refundStateLabel, type Refund, type RefundState } from '#lib/refunds';
import { Time } from '../../../../islands/shared/admin/Facts';

const STATE_STYLES: Record<RefundState, string> = {
  pending: 'bg-beacon-300 text-navy-900',
  succeeded: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** Who made a refund, as the admin reads it. */
function refundedBy(refund: Pick<Refund, 'by' | 'actor' | 'adminEmail'>) {
  switch (refund.by) {
    case 'customer':
      return `the customer (${refund.actor})`;
    case 'admin':
      return refund.adminEmail ?? refund.actor;
    case 'provider':
      return 'the Stripe dashboard';
  }
}

function RefundItem({ refund }: { refund: Refund }) {
  const failed = refund.state === 'failed';
  return (
    <li
      className={`rounded-lg border p-3 text-sm ${failed ? 'border-red-300 border-l-4 bg-red-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-navy-900">
          {failed ? <s>{formatUsdCents(refund.amountCents)}</s> : formatUsdCents(refund.amountCents)}
          {failed && <span className="font-normal text-red-900"> (not counted as refunded)</span>}
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[refund.state]}`}>
          {refundStateLabel[refund.state]}
        </span>
      </div>
      <p className="text-slate-700">
        <Time iso={refund.createdAt} /> · by {refundedBy(refund)}
      </p>
      <p className="text-slate-900 [overflow-wrap:anywhere]">Reason: {refund.reason}</p>
      {refund.projectIds.length > 0 && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">Cancelled: {refund.projectIds.join(', ')}</p>
      )}
      {(refund.forProjectIds?.length ?? 0) > 0 && (
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          For finished projects: {refund.forProjectIds!.join(', ')}
        </p>
      )}
      {failed && (
        <p className="font-medium text-red-900 [overflow-wrap:anywhere]">
          Failed: {refund.failure ?? 'the payment provider gave no reason'}
        </p>
      )}
    </li>
  );
}

/** An order's refunds, oldest first: amount, state, when, by whom, why, what was cancelled; a failure says why. */
export function RefundList({ order }: { order: Pick<Order, 'id' | 'refunds'> }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  const headingId = `refunds-${order.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="mb-2 text-sm font-bold text-navy-900">
        Refunds<span className="sr-only"> of {order.id}</span>
      </h4>
      <ol aria-labelledby={headingId} className="space-y-2">
        {refunds.map((refund) => (
          <RefundItem key={refund.id} refund={refund} />
        ))}
      </ol>
    </section>
  );
}

function ExtraPaymentItem({ payment }: { payment: ExtraPayment }) {
  const { refund } = payment;
  const failed = refund.state === 'failed';
  return (
    <li
      className={`rounded-lg border p-3 text-sm ${failed ? 'border-red-300 border-l-4 bg-red-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-navy-900">{formatUsdCents(payment.amountCents)}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[refund.state]}`}>
          {refundStateLabel[refund.state]}
        </span>
      </div>
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        <Time iso={payment.receivedAt} /> · checkout {payment.sessionId}
        {payment.paymentIntent && ` · payment ${payment.paymentIntent}`}
      </p>
      {failed && (
        <p className="font-medium text-red-900 [overflow-wrap:anywhere]">
          Not refunded: {refund.failure ?? 'the payment provider gave no reason'}. Refund it by hand.
        </p>
      )}
    </li>
  );
}

/** Payments that reached an order no longer awaiting one, each refunded in full automatically. */
export function ExtraPaymentList({ order }: { order: Pick<Order, 'id' | 'extraPayments'> }) {
  const payments = order.extraPayments ?? [];
  if (payments.length === 0) return null;
  const headingId = `extra-payments-${order.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="mb-1 text-sm font-bold text-navy-900">
        Extra payments<span className="sr-only"> of {order.id}</span>
      </h4>
      <p className="mb-2 text-sm text-slate-700">
        Paid after the order stopped awaiting payment, and refunded in full.
      </p>
      <ol aria-labelledby={headingId} className="space-y-2">
        {payments.map((payment) => (
          <ExtraPaymentItem key={payment.sessionId} payment={payment} />
        ))}
      </ol>
    </section>
  );
}
