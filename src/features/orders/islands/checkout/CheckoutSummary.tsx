import type { CheckoutData } from '../checkout-data';
import { isFull } from '#features/editors/editor-rules';
import { itemise } from '#lib/itemise';
import type { PricedOrder } from '#lib/pricing';
import { breakableEmail } from '../../../../islands/shared/breakable-email';
import { SummaryRow } from '../../../../islands/shared/SummaryRow';

/**
 * The left 'Order Summary' card of /checkout, itemised as the confirmation and its e-mail
 * will be (src/lib/itemise.ts).
 */
export function CheckoutSummary({ data, priced, email }: { data: CheckoutData; priced: PricedOrder; email: string }) {
  const { items, total } = itemise({ ...priced, editor: { name: data.editor.name, full: isFull(data.editor) } }, 'now');
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary-heading" className="font-serif text-xl font-bold text-navy-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <SummaryRow label="Customer email" value={breakableEmail(email)} long />
        {items.map((item) => (
          <SummaryRow key={item.key} label={item.label} value={item.amount} hint={item.detail} />
        ))}
        <SummaryRow label="Editor" value={data.editor.name} />
        <SummaryRow label="Editor college" value={data.editor.college} />
      </dl>
      <div className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4">
        <p className="font-semibold text-navy-900">Total Due</p>
        <p className="font-serif text-2xl font-bold text-navy-900" data-testid="total-due">
          {total}
        </p>
      </div>
    </section>
  );
}
