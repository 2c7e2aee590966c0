import { useEffect, useState } from 'react';
import { clearCheckoutForm } from '../checkout-data';
import { messages } from '#lib/messages';
import type { Order } from '../../order';
import { clearSelection } from '#stores/order';
import { refreshMe } from '#stores/session';
import { UnpaidOrder } from '../UnpaidOrder';
import { SignInToContinue, useFocusAfterSignIn } from '../../../../islands/shared/account/SignInToContinue';
import { useSignedInFetch } from '../../../../islands/shared/useSignedInFetch';
import { PaidOrder } from './PaidOrder';

const POLL_EVERY_MS = 1500;
const POLL_TIMES = 20;
const REDIRECT_DELAY_MS = 3000;

/** /order-confirmation?order=...&session_id=...: the order as the server has it, also after a reload. */
export default function ConfirmationApp() {
  const params = typeof location === 'undefined' ? null : new URLSearchParams(location.search);
  const orderId = params?.get('order') ?? null;
  // Back from a payment (the provider adds the session): the confirmation may take a moment.
  const fromPayment = Boolean(params?.get('session_id'));
  const { value, reload } = useSignedInFetch<Order>(orderId ? `/api/orders/${encodeURIComponent(orderId)}` : null);
  const [polls, setPolls] = useState(0);
  const order = value.state === 'done' && value.result.ok ? value.result.data : null;
  const notFound = (value.state === 'signedOut' && !orderId) || (value.state === 'done' && !value.result.ok);
  const signedOut = value.state === 'signedOut' && orderId !== null;
  const container = useFocusAfterSignIn(signedOut, order !== null);

  // The payment provider's event may arrive a moment after the customer: ask again, briefly.
  useEffect(() => {
    if (order?.status !== 'pending' || !fromPayment || polls >= POLL_TIMES) return;
    const timer = setTimeout(() => void reload().then(() => setPolls((n) => n + 1)), POLL_EVERY_MS);
    return () => clearTimeout(timer);
  }, [order, polls, reload, fromPayment]);

  useEffect(() => {
    if (order?.status !== 'paid') return;
    clearSelection(); // the next order starts from an empty cart
    clearCheckoutForm(); // and an empty checkout form
    void refreshMe(); // newly owned add-ons show everywhere
  }, [order?.status]);

  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(() => location.assign('/services'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notFound]);

  // A link from the confirmation e-mail, opened where the family is not signed in: sign in, then the order.
  if (signedOut)
    return <SignInToContinue title="Your order" text="Sign in with the account that placed this order to see it." />;
  return <div ref={container}>{view()}</div>;

  function view() {
    if (notFound) {
      return (
        <div className="space-y-4 py-10 text-center">
          <h1 className="font-serif text-3xl font-bold text-navy-900">{messages.orderNotFound}</h1>
          <p className="text-slate-700">
            We could not find this order for your account. Taking you back to our services...
          </p>
          <a href="/services" className="btn-primary">
            Back to Services
          </a>
        </div>
      );
    }
    if (!order) return <p role="status">Loading your order...</p>;
    if (order.status === 'paid') return <PaidOrder order={order} />;
    if (order.status === 'pending' && fromPayment && polls < POLL_TIMES) {
      return (
        <div role="status" className="space-y-3 py-10 text-center">
          <h1 className="font-serif text-3xl font-bold text-navy-900">Confirming your payment...</h1>
          <p className="text-slate-700">This usually takes a few seconds.</p>
        </div>
      );
    }
    if (order.status === 'pending') {
      return (
        <div className="mx-auto max-w-2xl space-y-4 py-6">
          <UnpaidOrder order={order} headingLevel={1} onChanged={() => void reload()} />
          <p className="text-slate-700">
            You can also find it on{' '}
            <a href="/dashboard" className="font-semibold text-navy-700 underline">
              your dashboard
            </a>
            .
          </p>
        </div>
      );
    }
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="font-serif text-3xl font-bold text-navy-900">{UNPAID_ENDINGS[order.status].title}</h1>
        <p className="text-slate-700">
          {UNPAID_ENDINGS[order.status].text(order.id)} You can start again from our services.
        </p>
        <a href="/services" className="btn-primary">
          Back to Services
        </a>
      </div>
    );
  }
}

/** How an order that was never paid ended: nothing was charged in any of them. */
const UNPAID_ENDINGS = {
  failed: { title: 'Your payment did not go through', text: (id: string) => `Nothing was charged for order ${id}.` },
  expired: {
    title: 'This order has expired',
    text: (id: string) => `Order ${id} was not paid within 24 hours, so it expired. Nothing was charged.`,
  },
  cancelled: {
    title: 'This order is cancelled',
    text: (id: string) => `You cancelled order ${id}. Nothing was charged.`,
  },
};
