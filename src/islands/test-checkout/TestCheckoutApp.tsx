import { useState, type FormEvent } from 'react';
import { apiFetch } from '../../client/api';
import { messages } from '../../lib/messages';
import { formatUsd } from '../../lib/money';
import { site } from '../../lib/site';
import { idToken } from '../../stores/session';
import { lineLabel, type Order } from '../../lib/order';
import { useSignedInFetch } from '../shared/useSignedInFetch';

const params = () => new URLSearchParams(typeof location === 'undefined' ? '' : location.search);

/**
 * The local stand-in for Stripe's hosted checkout (DESIGN §5): the order's lines and total, a card
 * form prefilled with Stripe's success test card, and 'Pay $X'. Exists only in test mode.
 */
export default function TestCheckoutApp() {
  const orderId = params().get('order');
  const sessionId = params().get('session_id') ?? '';
  const { value } = useSignedInFetch<Order>(orderId ? `/api/stripe/test-checkout/${encodeURIComponent(orderId)}` : null);

  if (value.state === 'loading') return <p role="status">Loading...</p>;
  if (value.state === 'signedOut' || !value.result.ok) {
    return (
      <div className="space-y-4 text-center">
        <h1 className="font-serif text-3xl font-bold text-navy-900">{messages.notFound}</h1>
        <a href="/" className="btn-primary">
          Return to Home
        </a>
      </div>
    );
  }
  return <PaymentForm order={value.result.data} sessionId={sessionId} />;
}

function PaymentForm({ order, sessionId }: { order: Order; sessionId: string }) {
  const [card, setCard] = useState({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: order.student.parentName });
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = [
    ...order.serviceLines.map((l) => ({ key: l.id, label: lineLabel(l), cents: l.totalCents })),
    ...order.addOnLines.filter((l) => l.chargedCents > 0).map((l) => ({ key: l.id, label: l.title, cents: l.chargedCents })),
  ];

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem('');
    const result = await apiFetch(`/api/stripe/test-checkout/${order.id}`, {
      method: 'POST',
      token: (await idToken()) ?? undefined,
      body: { sessionId, cardNumber: card.number },
    });
    if (!result.ok) {
      setBusy(false);
      return setProblem(result.status === 0 ? messages.paymentSessionFailure : result.error);
    }
    location.assign(`/order-confirmation?order=${order.id}&session_id=${encodeURIComponent(sessionId)}`);
  }

  const field = (key: keyof typeof card, label: string, autoComplete: string) => (
    <div className="space-y-1">
      <label htmlFor={`card-${key}`} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input id={`card-${key}`} className="input" autoComplete={autoComplete} value={card[key]} onChange={(e) => setCard((c) => ({ ...c, [key]: e.target.value }))} />
    </div>
  );

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section aria-labelledby="pay-summary" className="space-y-4">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{site.name}</p>
        <h1 id="pay-summary" className="font-serif text-3xl font-bold text-navy-900">
          Pay {formatUsd(order.totalCents)}
        </h1>
        <ul className="space-y-2 text-sm">
          {lines.map((l) => (
            <li key={l.key} className="flex justify-between gap-4">
              <span className="text-slate-700">{l.label}</span>
              <span className="font-medium">{formatUsd(l.cents)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t border-slate-200 pt-3 font-semibold">
          <span>Total due</span>
          <span>{formatUsd(order.totalCents)}</span>
        </p>
        {/* As Stripe Checkout's back link: to the order, which offers to pay later or cancel it. */}
        <a href={`/order-confirmation?order=${encodeURIComponent(order.id)}`} className="inline-block text-sm font-semibold text-navy-700 underline">
          Back to your order
        </a>
      </section>
      <form method="post" onSubmit={pay} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900">
          Test mode: no real card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.
        </p>
        {field('number', 'Card number', 'cc-number')}
        <div className="grid grid-cols-2 gap-4">
          {field('expiry', 'Expiry (MM / YY)', 'cc-exp')}
          {field('cvc', 'CVC', 'cc-csc')}
        </div>
        {field('name', 'Name on card', 'cc-name')}
        <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
          {problem}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Processing...' : `Pay ${formatUsd(order.totalCents)}`}
        </button>
      </form>
    </div>
  );
}
