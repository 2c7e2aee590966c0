/**
 * The retention period, enforced: a project ended longer ago than RETENTION.projectContentDays has
 * its drafts, feedback notes and files, and messages deleted; the record stays for its accounting
 * (order, price, dates, history) and says when. Set off by the 'retention' timer its ending set, and
 * done like a removal: repairs for its files first, the record by compare-and-set, then the bytes.
 */
import type { Project, ProjectEvent } from '../../../src/lib/delivery';
import { contentDeletesAt } from '../../../src/lib/project-retention';
import type { DeployInfo } from '../storage/stores';
import { projectsRepo } from '../delivery/projects.repo';
import { deleteDroppedFiles, droppedFileIds, scheduleFileRepairs, withoutDraft } from './remove-draft';

/** The project with its content deleted at `now`: every draft, the feedback's notes and files, the messages. */
function withoutContent(project: Project, now: Date): Project {
  const at = now.toISOString();
  const event: ProjectEvent = {
    at,
    by: 'system',
    actor: 'system',
    type: 'content_deleted',
    from: project.state,
    to: project.state,
  };
  return {
    ...project,
    rounds: project.rounds.map((round) => ({
      ...(round.draft.kind === 'removed' ? round : withoutDraft(round, { kind: 'removed', at, by: 'retention' })),
      notes: null,
      files: [],
    })),
    messages: [],
    contentDeletedAt: at,
    history: [...project.history, event],
    updatedAt: at,
  };
}

/** Deletes the project's content if its period is over and it is not done yet; a repeat finds it done. */
export async function deleteContentIfDue(project: Project, etag: string, now: Date, info?: DeployInfo) {
  const due = contentDeletesAt(project);
  if (project.contentDeletedAt || !due || due.getTime() > now.getTime()) return;
  const after = withoutContent(project, now);
  const dropped = droppedFileIds(project, after);
  await scheduleFileRepairs(project.id, dropped, now, info);
  await projectsRepo(info).replace(project, after, etag);
  await deleteDroppedFiles(project.id, dropped, info);
}
