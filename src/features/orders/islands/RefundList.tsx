import { useId } from 'react';
import { formatUsdCents } from '#lib/money';
import type { Order } from '../order';
import { refundStateLabel, remainingCents } from '#lib/refunds';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An order's refunds, each with its state, and what remains paid: on the dashboard and the order's page. */
export function RefundList({ order }: { order: Order }) {
  const id = useId();
  return (
    <div className="text-sm">
      <p id={id} className="font-semibold text-slate-800">
        Refunds
      </p>
      <ul aria-labelledby={id} className="mt-1 space-y-1">
        {(order.refunds ?? []).map((refund) => (
          <li key={refund.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="text-slate-700">
              {dateFormat.format(new Date(refund.createdAt))} · {refund.reason}
            </span>
            <span className="font-medium text-slate-900">
              {formatUsdCents(refund.amountCents)} · {refundStateLabel[refund.state]}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-slate-700">Still paid: {formatUsdCents(remainingCents(order))}</p>
    </div>
  );
}
