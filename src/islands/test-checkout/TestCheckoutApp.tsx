import { useRef, useState, type FormEvent } from 'react';
import { cardNumberProblem, cvcProblem, expiryProblem } from '#lib/card';
import { messages } from '#lib/messages';
import { formatUsd } from '#lib/money';
import { site } from '#lib/site';
import { signedInFetch } from '#stores/session';
import { lineLabel, type Order } from '#features/orders/order';
import { useSignedInFetch } from '../shared/useSignedInFetch';
import { SignInToContinue, useFocusAfterSignIn } from '../shared/account/SignInToContinue';

const params = () => new URLSearchParams(typeof location === 'undefined' ? '' : location.search);

/**
 * The local stand-in for Stripe's hosted checkout: the order's lines and total, a card
 * form prefilled with Stripe's success test card, and 'Pay $X'. Exists only in test mode.
 */
export default function TestCheckoutApp() {
  const orderId = params().get('order');
  const sessionId = params().get('session_id') ?? '';
  const { value } = useSignedInFetch<Order>(
    orderId ? `/api/stripe/test-checkout/${encodeURIComponent(orderId)}` : null,
  );
  const signedOut = value.state === 'signedOut' && orderId !== null;
  const order = value.state === 'done' && value.result.ok ? value.result.data : null;
  const container = useFocusAfterSignIn(signedOut, order !== null);

  if (value.state === 'loading') return <p role="status">Loading...</p>;
  if (signedOut)
    return (
      <SignInToContinue
        title="Complete your payment"
        text="Sign in with the account that placed this order to pay for it."
      />
    );
  if (!order) {
    return (
      <div className="space-y-4 text-center">
        <h1 className="font-serif text-3xl font-bold text-navy-900">{messages.notFound}</h1>
        <a href="/" className="btn-primary">
          Return to Home
        </a>
      </div>
    );
  }
  return (
    <div ref={container}>
      <PaymentForm order={order} sessionId={sessionId} />
    </div>
  );
}

type CardField = 'number' | 'expiry' | 'cvc' | 'name';
type CardProblems = Partial<Record<CardField, string>>;
/** The server's field names for the card's (its refusal names one: 'cardNumber: Your card number is invalid.'). */
const SERVER_FIELDS: Record<string, CardField> = { cardNumber: 'number', expiry: 'expiry', cvc: 'cvc' };

/** Each field's problem in Stripe's words, in the order of the form. */
function checkCard(card: Record<CardField, string>): CardProblems {
  const problems: CardProblems = {
    number: cardNumberProblem(card.number) ?? undefined,
    expiry: expiryProblem(card.expiry) ?? undefined,
    cvc: cvcProblem(card.cvc, card.number) ?? undefined,
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as CardProblems;
}

function PaymentForm({ order, sessionId }: { order: Order; sessionId: string }) {
  const [card, setCard] = useState<Record<CardField, string>>({
    number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
    name: order.student.parentName,
  });
  const [problems, setProblems] = useState<CardProblems>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const lines = [
    ...order.serviceLines.map((l) => ({ key: l.id, label: lineLabel(l), cents: l.totalCents })),
    ...order.addOnLines
      .filter((l) => l.chargedCents > 0)
      .map((l) => ({ key: l.id, label: l.title, cents: l.chargedCents })),
  ];
  const focus = (field: CardField) => (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = checkCard(card);
    setProblems(found);
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => found[field]);
    if (first) {
      setProblem('');
      return focus(first);
    }
    setBusy(true);
    setProblem('');
    const result = await signedInFetch(`/api/stripe/test-checkout/${order.id}`, {
      method: 'POST',
      body: { sessionId, cardNumber: card.number, expiry: card.expiry, cvc: card.cvc },
    });
    if (!result.ok) {
      setBusy(false);
      const [, key, message] = /^(\w+): (.*)$/.exec(result.status === 400 ? result.error : '') ?? [];
      const field = key ? SERVER_FIELDS[key] : undefined;
      if (field) {
        setProblems({ [field]: message });
        return focus(field);
      }
      return setProblem(result.status === 0 ? messages.paymentSessionFailure : result.error);
    }
    location.assign(`/order-confirmation?order=${order.id}&session_id=${encodeURIComponent(sessionId)}`);
  }

  const field = (key: CardField, label: string, autoComplete: string, inputMode?: 'numeric') => {
    const id = `card-${key}`;
    const error = problems[key];
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name={key}
          className="input"
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={card[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const value = e.target.value;
            setCard((c) => ({ ...c, [key]: value }));
            if (error) setProblems(({ [key]: _, ...rest }) => rest);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };

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
        <a
          href={`/order-confirmation?order=${encodeURIComponent(order.id)}`}
          className="inline-block text-sm font-semibold text-navy-700 underline"
        >
          Back to your order
        </a>
      </section>
      <form
        ref={form}
        method="post"
        onSubmit={pay}
        noValidate
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <p className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900">
          Test mode: no real card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.
        </p>
        {field('number', 'Card number', 'cc-number', 'numeric')}
        <div className="grid grid-cols-2 gap-4">
          {field('expiry', 'Expiry (MM / YY)', 'cc-exp', 'numeric')}
          {field('cvc', 'CVC', 'cc-csc', 'numeric')}
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
