/**
 * The retention period, enforced: a project ended longer ago than RETENTION.projectContentDays has
 * its drafts, feedback notes and files, and messages deleted; the record stays for its accounting
 * (order, price, dates, history) and says when. Set off by the 'retention' timer its ending set, and
 * done like a removal: repairs for its files first, the record by compare-and-set, then the bytes.
 */
import type { Project, ProjectEvent, RemovedDraft } from '../project';
import { contentDeletesAt } from '../retention';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { timersRepo } from '#server/core/timers';
import { projectsRepo } from './projects.repo';
import { deleteDroppedFiles, droppedFileIds, scheduleFileRepairs, withoutDraft } from './remove-draft';

/** The project with its content deleted at `now`: every draft, the feedback's notes and files, the messages. */
export function withoutContent(project: Project, now: Date, by: RemovedDraft['by'] = 'retention'): Project {
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
      ...(round.draft.kind === 'removed' ? round : withoutDraft(round, { kind: 'removed', at, by })),
      notes: null,
      files: [],
      // The family's words on the feedback go with the rest; our team's decision and its reason stay.
      ...(round.help && { help: { ...round.help, by: '', reason: '' } }),
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
  await replaceDroppingFiles(project, withoutContent(project, now), etag, now, info);
}

/**
 * Stores `after` over `project` by compare-and-set and deletes the bytes it no longer names: repairs
 * for those files first, so a change cut off after the record still has its bytes deleted.
 */
export async function replaceDroppingFiles(
  project: Project,
  after: Project,
  etag: string,
  now: Date,
  info?: DeployInfo,
) {
  const dropped = droppedFileIds(project, after);
  await scheduleFileRepairs(project.id, dropped, now, info);
  await projectsRepo(info).replace(project, after, etag);
  await deleteDroppedFiles(project.id, dropped, info);
}

/** Where the backfill of retention timers keeps its place, beside the timers it writes. */
const BACKFILL_KEY = 'backfill/retention';
const BACKFILL_PAGE = 100;

interface BackfillPlace {
  cursor: string | null;
  done: boolean;
}

/**
 * Projects that ended before their ending set a retention timer get one: a page of projects per
 * scheduled run until every project was seen, then a single read per run. Setting a timer twice writes
 * the same key, so a run cut off before it saved its place only repeats its page.
 */
export async function backfillRetentionTimers(info?: DeployInfo, pageSize = BACKFILL_PAGE): Promise<void> {
  const store = openStore('timers', info);
  const place = (await store.get(BACKFILL_KEY, { type: 'json' })) as BackfillPlace | null;
  if (place?.done) return;
  const page = await projectsRepo(info).page({ limit: pageSize, ...(place?.cursor && { cursor: place.cursor }) });
  const timers = timersRepo(info);
  await Promise.all(
    page.items.map((project) => {
      const at = contentDeletesAt(project);
      return at && !project.contentDeletedAt ? timers.schedule(at, project.id, 'retention', 'content') : null;
    }),
  );
  const next: BackfillPlace = { cursor: page.nextCursor, done: page.nextCursor === null };
  await store.setJSON(BACKFILL_KEY, next);
}
