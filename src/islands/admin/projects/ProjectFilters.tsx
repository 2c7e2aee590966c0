import { useId } from 'react';
import { PROJECT_STATES, type ProjectState } from '../../../lib/delivery';
import type { Editor } from '../../../lib/schemas';
import { adminStateLabel } from './project-text';
import { isFiltered, NO_PROJECT_FILTER, type ProjectFilter } from './project-filters';

const labelClass = 'block text-sm font-semibold text-slate-800';

/** State, editor and 'Late only': each change asks the server for the first page of the new list. */
export function ProjectFilters({
  value,
  editors,
  onChange,
}: {
  value: ProjectFilter;
  editors: Editor[];
  onChange: (filter: ProjectFilter) => void;
}) {
  const id = useId();
  const set = (change: Partial<ProjectFilter>) => onChange({ ...value, ...change });
  // The button goes with the filters: the focus moves to the first of them, not to the page.
  function clear() {
    onChange(NO_PROJECT_FILTER);
    document.getElementById(`${id}-state`)?.focus();
  }
  return (
    <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="sr-only">Filter projects</legend>
      <div className="w-full space-y-1 sm:w-56">
        <label htmlFor={`${id}-state`} className={labelClass}>
          State
        </label>
        <select
          id={`${id}-state`}
          className="input"
          value={value.state}
          onChange={(e) => set({ state: e.target.value as ProjectState | '' })}
        >
          <option value="">All states</option>
          {PROJECT_STATES.map((state) => (
            <option key={state} value={state}>
              {adminStateLabel[state]}
            </option>
          ))}
        </select>
      </div>
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
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-navy-700"
          checked={value.lateOnly}
          onChange={(e) => set({ lateOnly: e.target.checked })}
        />
        Late only
      </label>
      {isFiltered(value) && (
        <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={clear}>
          Clear filters
        </button>
      )}
    </fieldset>
  );
}
