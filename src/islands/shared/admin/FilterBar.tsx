import type { ReactNode } from 'react';

/**
 * The filters above an admin list: a fieldset of choices and 'Clear filters' while any is set. Each
 * change asks the server for the first page of the new list.
 */
export function FilterBar({
  legend,
  filtered,
  onClear,
  children,
}: {
  legend: string;
  filtered: boolean;
  /** Resets the filters and moves the focus to the first of them: the button goes with them. */
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="sr-only">{legend}</legend>
      {children}
      {filtered && (
        <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={onClear}>
          Clear filters
        </button>
      )}
    </fieldset>
  );
}

/** One labelled choice of a filter bar; the empty value (`all`) means no filter. */
export function FilterSelect<T extends string>({
  id,
  label,
  all,
  options,
  value,
  onChange,
  width = 'sm:w-56',
}: {
  id: string;
  label: string;
  all: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T | '') => void;
  width?: string;
}) {
  return (
    <div className={`w-full space-y-1 ${width}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
