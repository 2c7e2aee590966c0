import { useEffect } from 'react';
import { $session } from '#stores/session';
import { formatUsd } from '#lib/money';
import { currentEditors, lineLabel, orderPagePath, orderStateLabel, type Order } from '#features/orders/order';
import { $ordersChanged } from '#stores/orders';
import { RefundList } from '../../features/orders/islands/RefundList';
import { UnpaidOrder } from '../../features/orders/islands/UnpaidOrder';
import { useSharedStore } from '../shared/useSharedStore';
import { useSignedInFetch } from '../shared/useSignedInFetch';
import { LoadFailed } from '../shared/LoadFailed';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The signed-in customer's orders, newest first, each linking to its confirmation; an
 * unpaid one offers to complete the payment or cancel it, a refunded one lists its refunds.
 */
export default function MyOrders() {
  const { value, reload } = useSignedInFetch<Order[]>('/api/orders');
  const changed = useSharedStore($ordersChanged);
  const { studentOnly } = useSharedStore($session);
  // A project cancelled on this page: read the orders again, so its refund shows.
  useEffect(() => {
    if (changed > 0) void reload();
  }, [changed, reload]);
  // A student's orders are their parent's: their dashboard is their work.
  if (value.state === 'signedOut' || studentOnly) return null;
  return (
    <section aria-labelledby="orders-heading" className="space-y-4">
      <h2 id="orders-heading" className="font-serif text-2xl font-bold text-navy-900">
        Your Orders
      </h2>
      {value.state === 'loading' && <p role="status">Loading your orders...</p>}
      {value.state === 'done' && !value.result.ok && <LoadFailed what="your orders" onRetry={() => void reload()} />}
      {value.state === 'done' && value.result.ok && value.result.data.length === 0 && (
        <p className="text-slate-700">
          No orders yet.{' '}
          <a href="/services" className="font-semibold text-navy-700 underline">
            Browse our services
          </a>
        </p>
      )}
      {value.state === 'done' && value.result.ok && value.result.data.length > 0 && (
        <ul className="space-y-3">
          {value.result.data.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={orderPagePath(order.id)} className="font-mono font-bold text-navy-800 underline">
                  {order.id}
                </a>
                <span
                  className={`rounded px-2 py-0.5 text-xs font-bold ${order.status === 'paid' ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
                >
                  {orderStateLabel(order)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {dateFormat.format(new Date(order.createdAt))} · {order.serviceLines.map(lineLabel).join(', ')}
              </p>
              <p className="text-sm text-slate-700">
                {currentEditors(order).label}: {currentEditors(order).names} · Total {formatUsd(order.totalCents)}
              </p>
              {order.status === 'pending' && (
                <div className="mt-3">
                  <UnpaidOrder order={order} headingLevel={3} onChanged={() => void reload()} />
                </div>
              )}
              {(order.refunds ?? []).length > 0 && (
                <div className="mt-3 border-t border-slate-100 pt-3">
                  <RefundList order={order} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
