import { SERVICES, type Service } from '#lib/catalogue';
import { AUTO_FINAL_RULE } from '#features/projects/process';
import { formatUsd } from '#lib/money';
import { unitPriceCents } from '#lib/pricing';
import { setQuantity, setServiceChosen, type OrderSelection } from '#stores/order';

/** Service cards: a checkbox each, and a quantity stepper for all but the Common App essay. */
export function ServicePicker({ selection, editorFull }: { selection: OrderSelection; editorFull: boolean }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 font-serif text-xl font-bold text-navy-900">Choose your services</legend>
      {SERVICES.map((service) => (
        <ServiceCard
          key={service.id}
          service={service}
          quantity={selection.services[service.id]}
          editorFull={editorFull}
        />
      ))}
      <p className="text-sm text-slate-700">{AUTO_FINAL_RULE}</p>
    </fieldset>
  );
}

function ServiceCard({
  service,
  quantity,
  editorFull,
}: {
  service: Service;
  quantity: number | undefined;
  editorFull: boolean;
}) {
  const selected = quantity !== undefined;
  const price = unitPriceCents(service.priceCents, editorFull);
  const inputId = `service-${service.id}`;
  return (
    // The card follows its own checkbox (CSS :has), so a tick shows before the page is interactive.
    <div className="rounded-xl border-2 border-slate-200 bg-white p-4 transition-colors has-[input[type=checkbox]:checked]:border-navy-700 has-[input[type=checkbox]:checked]:bg-navy-50">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          name="service"
          value={service.id}
          checked={selected}
          onChange={(e) => setServiceChosen(service.id, e.target.checked)}
          className="mt-1 size-5 shrink-0 accent-navy-700"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <label htmlFor={inputId} className="cursor-pointer font-semibold text-navy-900">
              {service.title}
            </label>
            <p className="font-semibold text-navy-900">
              {formatUsd(price)}
              {editorFull && (
                <span className="ml-2 text-sm font-normal text-slate-600 line-through">
                  {formatUsd(service.priceCents)}
                </span>
              )}
            </p>
          </div>
          <p className="mt-1 text-sm text-slate-700">{service.description}</p>
          <p className="mt-1 text-sm text-slate-600">{service.note}</p>
          {selected && service.hasQuantity && <QuantityStepper service={service} quantity={quantity} />}
        </div>
      </div>
    </div>
  );
}

function QuantityStepper({ service, quantity }: { service: Service; quantity: number }) {
  const id = `quantity-${service.id}`;
  return (
    <div className="mt-3 flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Quantity
      </label>
      <button
        type="button"
        className="btn-outline min-h-10 min-w-10 px-0 py-0"
        aria-label={`Fewer ${service.title}`}
        disabled={quantity <= 1}
        onClick={() => setQuantity(service.id, quantity - 1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={quantity}
        onChange={(e) => setQuantity(service.id, e.target.value)}
        className="input min-h-10 w-20 text-center"
      />
      <button
        type="button"
        className="btn-outline min-h-10 min-w-10 px-0 py-0"
        aria-label={`More ${service.title}`}
        onClick={() => setQuantity(service.id, quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
