/**
 * The editor's inbox: what needs them first, in the groups and the order the process gives each
 * open state (new drafts first, projects still waiting for a first draft last); within each group
 * the oldest due first.
 */
import { STATES } from '../../process';
import type { ProjectState, ProjectView } from '../../project';

/** The groups, in the order the process ranks them. */
const INBOX_GROUPS = (Object.entries(STATES) as [ProjectState, (typeof STATES)[ProjectState]][])
  .flatMap(([state, { inbox }]) => (inbox ? [{ state, ...inbox }] : []))
  .sort((a, b) => a.rank - b.rank)
  .map(({ state, title }) => ({ state, title }));

type Sortable = Pick<ProjectView, 'state' | 'due' | 'autoFinalAt' | 'createdAt'>;

/** When a project next needs something: its feedback due time, its auto-final time, or when it was opened. */
const nextTime = (p: Sortable) => p.due?.at ?? p.autoFinalAt ?? p.createdAt;

/** The groups in order, each sorted, empty ones left out; finished projects belong to no group. */
export function inboxGroups<T extends Sortable>(projects: readonly T[]) {
  return INBOX_GROUPS.map((group) => ({
    ...group,
    projects: projects
      .filter((p) => p.state === group.state)
      .sort((a, b) => Date.parse(nextTime(a)) - Date.parse(nextTime(b))),
  })).filter((group) => group.projects.length > 0);
}
