import { useId } from 'react';
import { EditorFilter, FilterBar, FilterSelect } from '../../../../islands/shared/admin/FilterBar';
import { isReviewFiltered, NO_REVIEW_FILTER, type ReviewFilter } from '../../../../islands/shared/admin/review-filters';

const SCORES = ['5', '4', '3', '2', '1'].map((score) => ({ value: score, label: `${score} out of 5` }));
const SHOWN = [
  { value: 'false', label: 'Not hidden' },
  { value: 'true', label: 'Hidden only' },
] as const;
const HELD = [
  { value: 'true', label: 'Held for you' },
  { value: 'false', label: 'Not held' },
] as const;

/** Editor, overall score, hiding and holding. */
export function ReviewFilters({
  value,
  editors,
  onChange,
}: {
  value: ReviewFilter;
  editors: { id: string; name: string }[];
  onChange: (filter: ReviewFilter) => void;
}) {
  const id = useId();
  const set = (change: Partial<ReviewFilter>) => onChange({ ...value, ...change });
  return (
    <FilterBar
      legend="Filter reviews"
      filtered={isReviewFiltered(value)}
      onClear={() => onChange(NO_REVIEW_FILTER)}
      firstId={`${id}-editor`}
    >
      <EditorFilter
        id={`${id}-editor`}
        editors={editors}
        value={value.editorId}
        onChange={(editorId) => set({ editorId })}
      />
      <FilterSelect
        id={`${id}-score`}
        label="Overall score"
        all="All scores"
        options={SCORES}
        value={value.score}
        onChange={(score) => set({ score })}
        width="sm:w-44"
      />
      <FilterSelect
        id={`${id}-hidden`}
        label="On the site"
        all="Shown and hidden"
        options={SHOWN}
        value={value.hidden}
        onChange={(hidden) => set({ hidden })}
        width="sm:w-44"
      />
      <FilterSelect
        id={`${id}-held`}
        label="Held"
        all="Held or not"
        options={HELD}
        value={value.held}
        onChange={(held) => set({ held })}
        width="sm:w-44"
      />
    </FilterBar>
  );
}
