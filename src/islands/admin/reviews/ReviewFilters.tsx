import { useId } from 'react';
import { isReviewFiltered, NO_REVIEW_FILTER, type ReviewFilter } from './review-filters';

const labelClass = 'block text-sm font-semibold text-slate-800';
const SCORES = ['5', '4', '3', '2', '1'];

/** Editor, overall score and hiding: each change asks the server for the first page of the new list. */
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
  // The button goes with the filters: the focus moves to the first of them, not to the page.
  function clear() {
    onChange(NO_REVIEW_FILTER);
    document.getElementById(`${id}-editor`)?.focus();
  }
  return (
    <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="sr-only">Filter reviews</legend>
      <div className="w-full space-y-1 sm:w-56">
        <label htmlFor={`${id}-editor`} className={labelClass}>
          Editor
        </label>
        <select
          id={`${id}-editor`}
          className="input"
          value={value.editorId}
          onChange={(e) => set({ editorId: e.target.value })}
        >
          <option value="">All editors</option>
          {editors.map((editor) => (
            <option key={editor.id} value={editor.id}>
              {editor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full space-y-1 sm:w-44">
        <label htmlFor={`${id}-score`} className={labelClass}>
          Overall score
        </label>
        <select
          id={`${id}-score`}
          className="input"
          value={value.score}
          onChange={(e) => set({ score: e.target.value })}
        >
          <option value="">All scores</option>
          {SCORES.map((score) => (
            <option key={score} value={score}>
              {`${score} out of 5`}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full space-y-1 sm:w-44">
        <label htmlFor={`${id}-hidden`} className={labelClass}>
          On the site
        </label>
        <select
          id={`${id}-hidden`}
          className="input"
          value={value.hidden}
          onChange={(e) => set({ hidden: e.target.value as ReviewFilter['hidden'] })}
        >
          <option value="">Shown and hidden</option>
          <option value="false">Not hidden</option>
          <option value="true">Hidden only</option>
        </select>
      </div>
      {isReviewFiltered(value) && (
        <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={clear}>
          Clear filters
        </button>
      )}
    </fieldset>
  );
}
