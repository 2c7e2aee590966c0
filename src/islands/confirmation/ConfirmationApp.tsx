import { useEffect, useState } from 'react';
import { messages } from '../../lib/messages';
import type { Order } from '../../lib/order';
import { clearSelection } from '../../stores/order';
import { refreshMe } from '../../stores/session';
import { useSignedInFetch } from '../shared/useSignedInFetch';
import { PaidOrder } from './PaidOrder';

const POLL_EVERY_MS = 1500;
const POLL_TIMES = 20;
const REDIRECT_DELAY_MS = 3000;

/** /order-confirmation?order=...&session_id=...: the order as the server has it, also after a reload. */
export default function ConfirmationApp() {
  const orderId = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('order');
  const { value, reload } = useSignedInFetch<Order>(orderId ? `/api/orders/${encodeURIComponent(orderId)}` : null);
  const [polls, setPolls] = useState(0);
  const order = value.state === 'done' && value.result.ok ? value.result.data : null;
  const notFound = value.state === 'signedOut' || (value.state === 'done' && !value.result.ok);

  // The payment provider's event may arrive a moment after the customer: ask again, briefly.
  useEffect(() => {
    if (order?.status !== 'pending' || polls >= POLL_TIMES) return;
    const timer = setTimeout(() => void reload().then(() => setPolls((n) => n + 1)), POLL_EVERY_MS);
    return () => clearTimeout(timer);
  }, [order, polls, reload]);

  useEffect(() => {
    if (order?.status !== 'paid') return;
    clearSelection(); // the next order starts from an empty cart
    void refreshMe(); // newly owned add-ons show everywhere
  }, [order?.status]);

  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(() => location.assign('/services'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notFound]);

  if (notFound) {
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="font-serif text-3xl font-bold text-navy-900">{messages.orderNotFound}</h1>
        <p className="text-slate-700">We could not find this order for your account. Taking you back to our services...</p>
        <a href="/services" className="btn-primary">
          Back to Services
        </a>
      </div>
    );
  }
  if (!order) return <p role="status">Loading your order...</p>;
  if (order.status === 'paid') return <PaidOrder order={order} />;
  if (order.status === 'pending') {
    return (
      <div role="status" className="space-y-3 py-10 text-center">
        <h1 className="font-serif text-3xl font-bold text-navy-900">Confirming your payment...</h1>
        <p className="text-slate-700">
          {polls < POLL_TIMES
            ? 'This usually takes a few seconds.'
            : 'The payment provider has not confirmed yet. We will email you as soon as it does; you can also check your dashboard.'}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4 py-10 text-center">
      <h1 className="font-serif text-3xl font-bold text-navy-900">Your payment did not go through</h1>
      <p className="text-slate-700">Nothing was charged for order {order.id}. You can try again from our services.</p>
      <a href="/services" className="btn-primary">
        Back to Services
      </a>
    </div>
  );
}
