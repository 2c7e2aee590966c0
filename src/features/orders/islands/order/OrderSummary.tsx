import { useEffect, useRef, useState } from 'react';
import { ADD_ONS } from '#lib/catalogue';
import { isFull } from '#features/editors/editor-rules';
import { messages } from '#lib/messages';
import { formatUsd } from '#lib/money';
import { lineLabel } from '../../order';
import { priceOrder } from '#lib/pricing';
import { saveCheckoutData } from '../checkout-data';
import { $builtEditors, $editors, shownEditors } from '#features/editors/islands/editors-store';
import { $order, selectedServices } from '#stores/order';
import { $session } from '#stores/session';
import { useSharedStore } from '../../../../islands/shared/useSharedStore';

/** The sticky Order Summary with 'Proceed to Checkout'; prices from the one pricing function. */
export default function OrderSummary() {
  const selection = useSharedStore($order);
  const session = useSharedStore($session);
  const editor = shownEditors(useSharedStore($editors), useSharedStore($builtEditors)).find(
    (e) => e.id === selection.editorId,
  );
  const services = selectedServices(selection);
  const editorFull = editor ? isFull(editor) : false;
  const priced = priceOrder({ services, editorFull, addOns: selection.addOns, owned: session.ownedAddOns });
  const ownedNotChosen = ADD_ONS.filter((a) => session.ownedAddOns[a.id] && !selection.addOns.includes(a.id));
  const signedIn = session.status === 'signedIn';
  const summaryRef = useRef<HTMLElement>(null);
  const summaryInView = useInView(summaryRef);
  const blocker = !signedIn
    ? messages.loginToCheckout
    : services.length === 0 || !editor
      ? messages.selectServiceAndEditor
      : null;

  function proceed() {
    if (blocker || !editor || !session.user) return;
    saveCheckoutData({
      services: priced.serviceLines.map((l) => ({
        key: l.id,
        title: l.title,
        price: l.unitCents,
        quantity: l.quantity,
      })),
      editor: {
        id: editor.id,
        name: editor.name,
        college: editor.college,
        major: editor.major,
        slotsOpen: editor.slotsOpen,
      },
      addOns: {
        community: selection.addOns.includes('community'),
        speed24hr: selection.addOns.includes('speed24hr'),
        speed48hr: selection.addOns.includes('speed48hr'),
      },
      total: priced.totalCents,
      userEmail: session.user.email,
    });
    location.assign('/checkout');
  }

  return (
    <>
      {/* On a phone the summary comes after the pickers: a bar keeps the total and the way there in reach. */}
      {!summaryInView && (
        <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-4 border-t border-slate-200 bg-white px-4 py-3 shadow-lg lg:hidden">
          <p className="text-sm text-slate-700">
            Total <strong className="text-lg text-navy-900">{formatUsd(priced.totalCents)}</strong>
          </p>
          <a href="#order-summary" className="btn-primary min-h-10 py-1.5 text-sm">
            Review order
          </a>
        </div>
      )}
      <section
        ref={summaryRef}
        id="order-summary"
        aria-labelledby="summary-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="summary-heading" className="font-serif text-xl font-bold text-navy-900">
          Order Summary
        </h2>
        {/* A <dl> may hold only name-value groups: the empty-order note stands before it. */}
        {priced.serviceLines.length === 0 && <p className="mt-4 text-sm text-slate-600">No service selected yet.</p>}
        <dl className="mt-4 space-y-2 text-sm">
          {priced.serviceLines.map((line) => (
            <Row key={line.id} label={lineLabel(line)} value={formatUsd(line.totalCents)} />
          ))}
          <Row label="Editor" value={editor?.name ?? 'Not chosen'} />
          {priced.addOnLines.map((line) => (
            <Row key={line.id} label={line.title} value={line.owned ? 'Included' : `+${formatUsd(line.priceCents)}`} />
          ))}
          {ownedNotChosen.map((addOn) => (
            <Row key={addOn.id} label={`${addOn.title} (Owned)`} value="Included" />
          ))}
        </dl>
        <div className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4">
          <p className="font-semibold text-navy-900">Total</p>
          <p className="font-serif text-2xl font-bold text-navy-900" data-testid="order-total">
            {formatUsd(priced.totalCents)}
          </p>
        </div>
        {!signedIn && (
          <p className="mt-4 rounded-lg bg-yellow-100 p-3 text-sm text-yellow-900">
            Please log in above to proceed to checkout
          </p>
        )}
        <button
          type="button"
          className="btn-primary mt-4 w-full"
          disabled={blocker !== null}
          aria-describedby="checkout-blocker"
          onClick={proceed}
        >
          Proceed to Checkout
        </button>
        <p id="checkout-blocker" className="mt-2 text-sm text-slate-700 empty:hidden">
          {blocker ?? ''}
        </p>
      </section>
    </>
  );
}

/** Whether the element is on screen (the mobile bar hides while the summary itself is visible). */
function useInView(ref: React.RefObject<HTMLElement | null>) {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!ref.current) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-700">{label}</dt>
      <dd className="shrink-0 font-medium text-slate-900">{value}</dd>
    </div>
  );
}
