import { useId } from 'react';
import { PROJECT_STATES } from '#features/projects/project';
import type { Editor } from '#features/editors/editor-rules';
import { FilterBar, FilterSelect } from '../../../../islands/shared/admin/FilterBar';
import { teamStateLabel } from '#features/projects/process';
import { isFiltered, NO_PROJECT_FILTER, type ProjectFilter } from '../../../../islands/shared/admin/project-filters';

const STATES = PROJECT_STATES.map((state) => ({ value: state, label: teamStateLabel[state] }));

/** State, editor and 'Late only'. */
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
  return (
    <FilterBar
      legend="Filter projects"
      filtered={isFiltered(value)}
      onClear={() => {
        onChange(NO_PROJECT_FILTER);
        document.getElementById(`${id}-state`)?.focus();
      }}
    >
      <FilterSelect
        id={`${id}-state`}
        label="State"
        all="All states"
        options={STATES}
        value={value.state}
        onChange={(state) => set({ state })}
      />
      <FilterSelect
        id={`${id}-editor`}
        label="Editor"
        all="All editors"
        options={editors.map((editor) => ({ value: editor.id, label: editor.name }))}
        value={value.editorId}
        onChange={(editorId) => set({ editorId })}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-navy-700"
          checked={value.lateOnly}
          onChange={(e) => set({ lateOnly: e.target.checked })}
        />
        Late only
      </label>
    </FilterBar>
  );
}
