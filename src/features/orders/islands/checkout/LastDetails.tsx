import { lastDetailsText } from '../../checkout-form';
import type { CheckoutFields } from './CheckoutForm';

interface Props {
  orderId: string;
  fields: CheckoutFields;
  onUse: () => void;
}

/** Above the form on a family's next order: who the last one was for, and a button that fills the form in so. */
export function LastDetails({ orderId, fields, onUse }: Props) {
  return (
    <section
      aria-labelledby="last-details-heading"
      className="rounded-xl border border-navy-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="last-details-heading" className="font-semibold text-navy-900">
        {lastDetailsText.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {fields.studentName} · {fields.parentName} · {fields.street}, {fields.city}
      </p>
      <button type="button" className="btn-outline mt-3" onClick={onUse}>
        {lastDetailsText.use(orderId)}
      </button>
    </section>
  );
}
