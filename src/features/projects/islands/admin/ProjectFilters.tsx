import { useId } from 'react';
import { PROJECT_STATES } from '#features/projects/project';
import type { Editor } from '#features/editors/editor-rules';
import { EditorFilter, FilterBar, FilterCheck, FilterSelect } from '../../../../islands/shared/admin/FilterBar';
import { ACK_REMINDER_HOURS, teamStateLabel } from '#features/projects/process';
import { isFiltered, NO_PROJECT_FILTER, type ProjectFilter } from '../../../../islands/shared/admin/project-filters';

const STATES = PROJECT_STATES.map((state) => ({ value: state, label: teamStateLabel[state] }));

/** State, editor, 'Late only' and drafts not acknowledged in time. */
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
      onClear={() => onChange(NO_PROJECT_FILTER)}
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
      <FilterCheck label="Late only" checked={value.lateOnly} onChange={(lateOnly) => set({ lateOnly })} />
      <FilterCheck
        label={`Not acknowledged in ${ACK_REMINDER_HOURS} hours`}
        checked={value.unacknowledged}
        onChange={(unacknowledged) => set({ unacknowledged })}
      />
    </FilterBar>
  );
}
