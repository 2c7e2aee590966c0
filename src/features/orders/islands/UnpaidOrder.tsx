/**
 * An order that was never paid: it says so (and that a card was declined, with the provider's
 * words, when one was), until when it can still be paid, and offers
 * 'Complete Payment' (a fresh checkout for the same stored order) and 'Cancel Order' (after a
 * confirmation). Used by the order page and the dashboard.
 */
import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '#lib/money';
import { paymentDeadline, type Order } from '../order';
import { signedInFetch } from '#stores/session';

const deadlineFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Busy = 'paying' | 'cancelling' | null;

const orderAction = <T,>(order: Order, action: 'checkout' | 'cancel') =>
  signedInFetch<T>(`/api/orders/${encodeURIComponent(order.id)}/${action}`, { method: 'POST', body: {} });

export function UnpaidOrder({
  order,
  onChanged,
  headingLevel = 2,
}: {
  order: Order;
  onChanged: () => void;
  headingLevel?: 1 | 2 | 3;
}) {
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const Heading = `h${headingLevel}` as const;

  // 'Keep the order' puts 'Cancel Order' back: focus returns to it once it is rendered again.
  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    returnFocus.current = false;
    cancelButton.current?.focus();
  }, [confirming]);

  async function completePayment() {
    setBusy('paying');
    setError('');
    const result = await orderAction<{ url: string }>(order, 'checkout');
    if (result.ok) return location.assign(result.data.url);
    setBusy(null);
    setError(result.error);
    if (result.status === 409) onChanged();
  }

  async function cancelOrder() {
    setBusy('cancelling');
    setError('');
    const result = await orderAction<Order>(order, 'cancel');
    setBusy(null);
    setConfirming(false);
    if (!result.ok) setError(result.error);
    onChanged();
  }

  return (
    <section
      aria-labelledby={`unpaid-${order.id}`}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <Heading id={`unpaid-${order.id}`} className="font-serif text-xl font-bold text-navy-900">
        {order.declined ? 'Payment declined' : 'Not paid yet'}
      </Heading>
      {order.declined && (
        <p className="font-medium text-red-900">
          {order.declined.reason} Nothing was charged: try again with another card, or the same one once your bank
          allows it.
        </p>
      )}
      <p className="text-slate-800">
        Order <span className="font-mono font-semibold">{order.id}</span> for {formatUsd(order.totalCents)} is waiting
        for payment. You can pay for it until {deadlineFormat.format(paymentDeadline(order))}; after that it expires.
      </p>
      {confirming ? (
        <div
          role="group"
          aria-label="Cancel this order?"
          className="space-y-3 rounded-lg border border-slate-300 bg-white p-3"
        >
          <p className="text-sm text-slate-800">
            Cancel this order? It can no longer be paid afterwards; nothing has been charged.
          </p>
          <div className="flex flex-wrap gap-3">
            {/* The question just appeared where the button was: keyboard and screen-reader users land on it. */}
            <button
              type="button"
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              className="btn-primary min-h-10"
              disabled={busy !== null}
              onClick={() => void cancelOrder()}
            >
              {busy === 'cancelling' ? 'Cancelling...' : 'Yes, cancel the order'}
            </button>
            <button
              type="button"
              className="btn-outline min-h-10"
              onClick={() => {
                returnFocus.current = true;
                setConfirming(false);
              }}
            >
              Keep the order
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => void completePayment()}>
            {busy === 'paying' ? 'Opening checkout...' : 'Complete Payment'}
          </button>
          <button
            ref={cancelButton}
            type="button"
            className="btn-outline"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            Cancel Order
          </button>
        </div>
      )}
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {error}
      </p>
    </section>
  );
}
