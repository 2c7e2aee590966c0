import type { FormEvent, ReactNode } from 'react';

/**
 * The filters above an admin list: a fieldset of choices and 'Clear filters' while any is set. Each
 * change asks the server for the first page of the new list.
 */
export function FilterBar({
  legend,
  filtered,
  onClear,
  firstId,
  children,
}: {
  legend: string;
  filtered: boolean;
  /** Resets the filters. */
  onClear: () => void;
  /** The first choice's id: the focus moves there on 'Clear filters', since the button goes. */
  firstId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="sr-only">{legend}</legend>
      {children}
      {filtered && (
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          onClick={() => {
            onClear();
            document.getElementById(firstId)?.focus();
          }}
        >
          Clear filters
        </button>
      )}
    </fieldset>
  );
}

/**
 * Filters typed first and applied together ('Show'): a search form, with 'Show all' while any is
 * applied, which puts the focus back on the first field.
 */
export function FilterForm({
  label,
  filtered,
  onShow,
  onShowAll,
  firstId,
  children,
}: {
  label: string;
  filtered: boolean;
  onShow: () => void;
  onShowAll: () => void;
  firstId: string;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onShow();
  };
  return (
    <form
      method="post"
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {children}
      <button type="submit" className="btn-primary min-h-11 px-4 py-1.5 text-sm">
        Show
      </button>
      {filtered && (
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          onClick={() => {
            onShowAll();
            document.getElementById(firstId)?.focus();
          }}
        >
          Show all
        </button>
      )}
    </form>
  );
}

/** A field with its label above it, as wide as `width` from the small screens up. */
function Labelled({ id, label, width, children }: { id: string; label: string; width: string; children: ReactNode }) {
  return (
    <div className={`w-full min-w-0 space-y-1 ${width}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The editor choice of a filter bar. */
export function EditorFilter({
  id,
  editors,
  value,
  onChange,
}: {
  id: string;
  editors: readonly { id: string; name: string; hidden?: boolean }[];
  value: string;
  onChange: (editorId: string) => void;
}) {
  return (
    <FilterSelect
      id={id}
      label="Editor"
      all="All editors"
      options={editors.map((editor) => ({
        value: editor.id,
        label: editor.hidden ? `${editor.name} (hidden from the site)` : editor.name,
      }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** A yes-or-no choice of a filter bar ('Late only'). */
export function FilterCheck({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
      <input
        type="checkbox"
        className="size-5 accent-navy-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Text typed into a filter: an address, an id. */
export function TextFilter({
  id,
  label,
  type,
  value,
  onChange,
  maxLength,
  width,
}: {
  id: string;
  label: string;
  type: 'email' | 'search';
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  width: string;
}) {
  return (
    <Labelled id={id} label={label} width={width}>
      <input
        id={id}
        type={type}
        className="input w-full"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
      />
    </Labelled>
  );
}

/** A day, as a date field; `problem` names the message that says what is wrong with it. */
export function DayField({
  id,
  label,
  value,
  onChange,
  problem,
  width = 'sm:w-44',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
  problem?: string | null;
  width?: string;
}) {
  return (
    <Labelled id={id} label={label} width={width}>
      <input
        id={id}
        type="date"
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ?? undefined}
      />
    </Labelled>
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
    <Labelled id={id} label={label} width={width}>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
