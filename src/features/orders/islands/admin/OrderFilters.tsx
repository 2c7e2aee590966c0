import { useId, useState, type FormEvent } from 'react';
import { SEARCH_LIMITS, searchMessages } from '#features/admin/search';
import type { Editor } from '#features/editors/editor-rules';
import { reportMessages } from '#features/admin/reports';
import { ORDER_LIST_STATES, orderListStateLabel } from '../../order';
import {
  DayField,
  EditorFilter,
  FilterBar,
  FilterCheck,
  FilterSelect,
} from '../../../../islands/shared/admin/FilterBar';
import { isFiltered, NO_ORDER_FILTER, type OrderFilter } from '../../../../islands/shared/admin/order-filters';

const STATES = ORDER_LIST_STATES.map((state) => ({ value: state, label: orderListStateLabel[state] }));

/**
 * The search inside the tab: a name, an address or an order id, sent when the admin presses Search
 * (or Enter); an empty search shows every order again. Cleared with the filters.
 */
function OrderSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState('');
  // Cleared from outside (Clear filters, a link): the field follows.
  if (value !== shown) {
    setShown(value);
    setTyped(value);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = typed.trim();
    if (q.length > 0 && q.length < SEARCH_LIMITS.minLength) return setProblem(searchMessages.typeMore);
    setProblem('');
    onSearch(q);
  }

  return (
    <form
      method="post"
      role="search"
      aria-label="Search orders"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
    >
      <div className="w-full space-y-1 sm:w-96">
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-slate-800">
          Search orders: a name, an e-mail or an order id
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input w-full"
          value={typed}
          maxLength={SEARCH_LIMITS.maxLength}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <button type="submit" className="btn-primary min-h-11 px-4 py-1.5 text-sm">
        Search
      </button>
      <p id={`${id}-problem`} role="alert" className="w-full text-sm font-semibold text-red-800 empty:hidden">
        {problem}
      </p>
    </form>
  );
}

/** The search, then state, editor, 'Needs you' and the days it was paid on. */
export function OrderFilters({
  value,
  editors,
  onChange,
}: {
  value: OrderFilter;
  editors: Editor[];
  onChange: (filter: OrderFilter) => void;
}) {
  const id = useId();
  const set = (change: Partial<OrderFilter>) => onChange({ ...value, ...change });
  const backwards = value.paidFrom !== '' && value.paidTo !== '' && value.paidFrom > value.paidTo;
  const day = (name: 'paidFrom' | 'paidTo', label: string) => (
    <DayField
      id={`${id}-${name}`}
      label={label}
      value={value[name]}
      onChange={(day) => set({ [name]: day })}
      problem={backwards ? `${id}-period` : null}
    />
  );
  return (
    <div className="space-y-2">
      <OrderSearch value={value.q} onSearch={(q) => set({ q })} />
      <FilterBar
        legend="Filter orders"
        filtered={isFiltered(value)}
        onClear={() => onChange(NO_ORDER_FILTER)}
        firstId={`${id}-state`}
      >
        <FilterSelect
          id={`${id}-state`}
          label="State"
          all="All states"
          options={STATES}
          value={value.state}
          onChange={(state) => set({ state })}
        />
        <EditorFilter
          id={`${id}-editor`}
          editors={editors}
          value={value.editorId}
          onChange={(editorId) => set({ editorId })}
        />
        {day('paidFrom', 'Paid from')}
        {day('paidTo', 'Paid to')}
        <FilterCheck
          label="Needs you (a refund failed)"
          checked={value.needsYou}
          onChange={(needsYou) => set({ needsYou })}
        />
      </FilterBar>
      {backwards && (
        <p id={`${id}-period`} className="text-sm font-semibold text-red-800">
          {reportMessages.daysOrder}
        </p>
      )}
    </div>
  );
}
