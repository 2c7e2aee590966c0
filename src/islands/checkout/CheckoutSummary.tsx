import type { CheckoutData } from '../../client/checkout-data';
import { formatUsd } from '../../lib/money';
import { lineLabel } from '../../lib/order';
import type { PricedOrder } from '../../lib/pricing';

/** The left 'Order Summary' card of /checkout (SPEC §2). */
export function CheckoutSummary({ data, priced, email }: { data: CheckoutData; priced: PricedOrder; email: string }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
      <h2 id="checkout-summary-heading" className="font-serif text-xl font-bold text-navy-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <Row label="Customer email" value={email} />
        {priced.serviceLines.map((l) => (
          <Row key={l.id} label={lineLabel(l)} value={formatUsd(l.totalCents)} hint={l.quantity > 1 ? `${formatUsd(l.unitCents)} each` : undefined} />
        ))}
        <Row label="Editor" value={data.editor.name} />
        <Row label="Editor college" value={data.editor.college} />
        {priced.addOnLines.map((l) => (
          <Row key={l.id} label={l.title} value={l.owned ? 'Included' : formatUsd(l.chargedCents)} />
        ))}
      </dl>
      <div className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <p className="font-semibold text-navy-900">Total Due</p>
        <p className="font-serif text-2xl font-bold text-navy-900" data-testid="total-due">
          {formatUsd(priced.totalCents)}
        </p>
      </div>
    </section>
  );
}

function Row({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-700">
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}
