import { useId } from 'react';
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

/** State, editor, 'Needs you' and the days it was paid on. */
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
