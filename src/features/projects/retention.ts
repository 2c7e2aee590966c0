/**
 * When a project's drafts, files and messages are deleted: RETENTION.projectContentDays after it
 * became final, withdrawn or cancelled, said on the project from RETENTION.projectWarningDays before.
 */
import { type Project } from './project';
import { isTerminal } from './process';
import { RETENTION } from '#features/privacy/privacy';
import { DAY_MS } from '#lib/time';

type Ended = Pick<Project, 'state' | 'history'>;

/** When the project ended (its last step into final, withdrawn or cancelled); null while open. */
function endedAt(project: Ended): Date | null {
  if (!isTerminal(project.state)) return null;
  const end = project.history.findLast((e) => isTerminal(e.to) && !isTerminal(e.from));
  return end ? new Date(end.at) : null;
}

/** When its content is deleted; null while open. */
export function contentDeletesAt(project: Ended): Date | null {
  const ended = endedAt(project);
  return ended && new Date(ended.getTime() + RETENTION.projectContentDays * DAY_MS);
}

/** The deletion date to say on the project at `now`: from the warning period on, until it is done. */
export function contentDeletionNotice(project: Ended & Pick<Project, 'contentDeletedAt'>, now: Date): Date | null {
  const at = contentDeletesAt(project);
  if (!at || project.contentDeletedAt) return null;
  return now.getTime() >= at.getTime() - RETENTION.projectWarningDays * DAY_MS ? at : null;
}
