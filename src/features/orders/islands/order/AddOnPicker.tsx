import { ADD_ONS, type OwnedAddOns } from '#lib/catalogue';
import { formatUsd } from '#lib/money';
import { setAddOnChosen } from '#stores/order';

/** One-time add-ons: owned ones are ticked, locked and badged 'OWNED'; the speed upgrades exclude each other. */
export function AddOnPicker({ chosen, owned }: { chosen: readonly string[]; owned: OwnedAddOns }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-serif text-xl font-bold text-navy-900">One-time add-ons</legend>
      <p className="mb-3 text-sm text-slate-700">
        Bought once, they apply to all your future orders. Choose one speed upgrade at most.
      </p>
      {ADD_ONS.map((addOn) => {
        const isOwned = owned[addOn.id];
        const id = `addon-${addOn.id}`;
        return (
          // The card follows its own checkbox (CSS :has), so a tick shows before the page is interactive.
          <div
            key={addOn.id}
            className="flex items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-4 has-checked:border-navy-700 has-checked:bg-navy-50"
          >
            <input
              id={id}
              type="checkbox"
              name="addon"
              value={addOn.id}
              checked={isOwned || chosen.includes(addOn.id)}
              disabled={isOwned}
              onChange={(e) => setAddOnChosen(addOn.id, e.target.checked, owned)}
              aria-describedby={`${id}-details`}
              className="mt-1 size-5 shrink-0 accent-navy-700"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <label htmlFor={id} className="flex items-center gap-2 font-semibold text-navy-900">
                  {addOn.title}
                  {isOwned && (
                    <span className="rounded bg-green-700 px-2 py-0.5 text-xs font-bold text-white">OWNED</span>
                  )}
                </label>
                <p className="font-semibold text-navy-900">+{formatUsd(addOn.priceCents)}</p>
              </div>
              <div id={`${id}-details`}>
                <p className="mt-1 text-sm text-slate-700">{addOn.description}</p>
                <p className="mt-1 text-sm text-slate-600">{addOn.detail}</p>
              </div>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
