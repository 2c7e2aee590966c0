import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  chosenAddOns,
  clearCheckoutData,
  readCheckoutData,
  readCheckoutForm,
  saveBillingData,
  saveCheckoutForm,
  type CheckoutData,
} from '../checkout-data';
import {
  CHECKOUT_FIELDS,
  checkCheckout,
  fieldOfServerError,
  fixFieldsMessage,
  lastDetailsText,
  termsAgreement,
  type CheckoutField,
  type CheckoutProblems,
} from '../../checkout-form';
import { fieldsFromOrder, lastPaidOrder } from '../../checkout-prefill';
import { isFull } from '#features/editors/editor-rules';
import { messages } from '#lib/messages';
import { formatUsd } from '#lib/money';
import { priceOrder } from '#lib/pricing';
import { CANCELLATION_SUMMARY } from '#lib/refunds';
import { HELP_PROMISE } from '#features/projects/process';
import type { Order } from '../../order';
import type { Billing, Student } from '../../order';
import { $session, signedInFetch, SIGNED_OUT, startSession } from '#stores/session';
import { useMounted } from '../../../../islands/shared/useMounted';
import { useSharedStore } from '../../../../islands/shared/useSharedStore';
import { BillingFields, EMPTY_FIELDS, StudentFields, type CheckoutFields } from './CheckoutForm';
import { CheckoutSummary } from './CheckoutSummary';
import { LastDetails } from './LastDetails';
import { TermsAgreement } from './TermsAgreement';

const REDIRECT_DELAY_MS = 2500;

/** /checkout: the order read from the previous step, student and billing details, then payment. */
export default function CheckoutApp() {
  // The hand-over is in the browser's storage: not there in the page as built, nor while it hydrates.
  return useMounted() ? <CheckoutFromHandOver /> : <CheckoutPlaceholder />;
}

/** Mounted once the island runs: the hand-over is read then, once. */
function CheckoutFromHandOver() {
  const [data] = useState(readCheckoutData);
  useEffect(() => {
    void startSession();
    if (!data) setTimeout(() => location.assign('/services'), REDIRECT_DELAY_MS);
  }, [data]);

  if (data === null) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
        {messages.checkoutDataMissing} Taking you back to our services...
      </p>
    );
  }
  return <CheckoutWithData data={data} />;
}

/**
 * The page before the hand-over is read (rendered at build time, shown until hydration): the same
 * grid and fields, disabled, so nothing jumps when the order appears.
 */
function CheckoutPlaceholder() {
  const ignore = () => {};
  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section
        aria-labelledby="checkout-summary-heading"
        className="h-fit min-h-72 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="checkout-summary-heading" className="font-serif text-xl font-bold text-navy-900">
          Order Summary
        </h2>
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading your order...
        </p>
      </section>
      <fieldset disabled className="min-w-0 space-y-6">
        <StudentFields fields={EMPTY_FIELDS} errors={{}} onChange={ignore} />
        <BillingFields fields={EMPTY_FIELDS} errors={{}} onChange={ignore} />
      </fieldset>
    </div>
  );
}

function CheckoutWithData({ data }: { data: CheckoutData }) {
  const session = useSharedStore($session);
  // What was typed before a reload (this island renders only after hydration: decision 015 holds).
  const [fields, setFields] = useState<CheckoutFields>(() => ({
    ...EMPTY_FIELDS,
    parentEmail: data.userEmail,
    ...readCheckoutForm(),
  }));
  const [errors, setErrors] = useState<CheckoutProblems>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // Ticked anew for every order: never kept with what was typed.
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const terms = useRef<HTMLInputElement>(null);
  const addOns = chosenAddOns(data.addOns);
  // Shown prices come from the one pricing function; the server prices the order again.
  const priced = priceOrder({
    services: data.services.map((s) => ({ id: s.key, quantity: s.quantity })),
    editorFull: isFull(data.editor),
    addOns,
    owned: session.ownedAddOns,
  });

  useEffect(() => saveCheckoutForm(fields), [fields]);

  // A family's next order: their last paid order's details, offered rather than typed again.
  const [last, setLast] = useState<{ orderId: string; fields: CheckoutFields } | null>(null);
  const [filledFrom, setFilledFrom] = useState('');
  useEffect(() => {
    if (session.status !== 'signedIn') return;
    let current = true;
    void (async () => {
      const result = await signedInFetch<Order[]>('/api/orders');
      const order = result.ok ? lastPaidOrder(result.data) : undefined;
      if (current && order) setLast({ orderId: order.id, fields: fieldsFromOrder(order) });
    })();
    return () => {
      current = false;
    };
  }, [session.status]);
  const offerLast = last !== null && CHECKOUT_FIELDS.some((name) => fields[name] !== last.fields[name]);

  function fillFromLast() {
    if (!last) return;
    setFields(last.fields);
    setErrors({});
    setFilledFrom(last.orderId);
    focusField('studentName'); // the offer's button is gone: on to the first field it filled
  }

  /** A field's own problem now, or undefined. */
  const problemOf = (name: CheckoutField, values = fields) => checkCheckout(values).problems[name];

  // As Stripe Checkout: a field that says what is wrong stops saying it once it is right.
  function change(name: CheckoutField, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name] && !problemOf(name, { ...fields, [name]: value })) setErrors(({ [name]: _, ...rest }) => rest);
  }

  // A field left for another field, filled in but wrong, says so at once; an empty one waits for the
  // submit. Not when the focus goes to the button (or nowhere, as Safari's clicks on buttons do): the
  // message would push the button away under the pointer, and the submit checks everything anyway.
  function leave(name: CheckoutField, next: EventTarget | null) {
    const toField =
      next instanceof HTMLInputElement || next instanceof HTMLSelectElement || next instanceof HTMLTextAreaElement;
    if (!toField || fields[name].trim() === '') return;
    const found = problemOf(name);
    setErrors((current) => (found ? { ...current, [name]: found } : current));
  }

  function focusField(name: CheckoutField) {
    (form.current?.elements.namedItem(name) as HTMLElement | null)?.focus();
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkCheckout(fields);
    setErrors(check.problems);
    setTermsError(agreed ? '' : termsAgreement.missing);
    if (check.first) {
      setProblem(check.summary ?? '');
      return focusField(check.first); // the first field that needs attention, in reading order
    }
    if (!agreed) {
      setProblem('');
      return terms.current?.focus(); // its message is its description
    }
    const {
      studentName,
      studentGrade,
      studentEmail,
      parentName,
      parentEmail,
      intendedMajor,
      street,
      city,
      state,
      zip,
      country,
      phone,
    } = check.values;
    const student = { studentName, studentGrade, studentEmail, parentName, parentEmail, intendedMajor } as Student;
    const billing: Billing = { street, city, state, zip, country, phone };
    setBusy(true);
    setProblem('');
    const result = await signedInFetch<{ id: string; url: string }>('/api/stripe/create-payment-session', {
      method: 'POST',
      body: {
        services: priced.serviceLines.map((l) => ({ id: l.id, quantity: l.quantity })),
        editorId: data.editor.id,
        addOns,
        student,
        billing,
        agreedToTerms: true,
      },
    });
    if (result === SIGNED_OUT) {
      setBusy(false);
      return setProblem(messages.loginToCheckout);
    }
    if (!result.ok) {
      setBusy(false);
      // The server names a field it refuses: say it there, as the form's own check would.
      const refused = result.status === 400 ? fieldOfServerError(result.error) : null;
      if (refused) {
        setErrors({ [refused.field]: refused.message });
        setProblem(fixFieldsMessage);
        return focusField(refused.field);
      }
      return setProblem(
        result.status === 0 ? messages.paymentSessionFailure : `${messages.paymentErrorPrefix}${result.error}`,
      );
    }
    saveBillingData(billing);
    clearCheckoutData();
    location.assign(result.data.url);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <CheckoutSummary data={data} priced={priced} email={session.user?.email ?? data.userEmail} />
      <form ref={form} method="post" onSubmit={pay} noValidate className="space-y-6">
        {offerLast && <LastDetails orderId={last.orderId} fields={last.fields} onUse={fillFromLast} />}
        <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
          {filledFrom && lastDetailsText.used(filledFrom)}
        </p>
        <StudentFields fields={fields} errors={errors} onChange={change} onLeave={leave} />
        <BillingFields fields={fields} errors={errors} onChange={change} onLeave={leave} />
        <section
          aria-labelledby="payment-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="payment-heading" className="font-serif text-xl font-bold text-navy-900">
            Payment
          </h2>
          <p className="mt-1 text-sm text-slate-700">You will pay securely on our payment provider's page.</p>
          <p className="mt-2 text-sm text-slate-700">{CANCELLATION_SUMMARY}</p>
          <p className="mt-2 text-sm text-slate-700">{HELP_PROMISE}</p>
          {session.status === 'signedOut' && (
            <p className="mt-3 rounded-lg bg-yellow-100 p-3 text-sm text-yellow-900">
              {messages.loginToCheckout}{' '}
              <a href="/select-services" className="font-semibold underline">
                Log in
              </a>
            </p>
          )}
          <TermsAgreement
            ref={terms}
            agreed={agreed}
            error={termsError}
            onChange={(value) => {
              setAgreed(value);
              if (value) setTermsError('');
            }}
          />
          <p role="alert" className="mt-3 text-sm font-medium text-red-800 empty:hidden">
            {problem}
          </p>
          <button type="submit" className="btn-accent mt-4 w-full" disabled={busy || session.status !== 'signedIn'}>
            {busy ? 'Redirecting to payment...' : `Proceed to Payment - ${formatUsd(priced.totalCents)}`}
          </button>
        </section>
      </form>
    </div>
  );
}
