/**
 * The editor's inbox: what needs them first. New drafts to acknowledge, then drafts in
 * review, then projects waiting on the family, then projects still waiting for a first draft; within
 * each group the oldest due first.
 */
import type { ProjectState, ProjectView } from '#features/projects/project';

const INBOX_GROUPS: readonly { state: ProjectState; title: string }[] = [
  { state: 'submitted', title: 'New drafts to acknowledge' },
  { state: 'in_review', title: 'In review' },
  { state: 'returned', title: 'Waiting on the family' },
  { state: 'awaiting_draft', title: 'Awaiting drafts' },
];

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
