/**
 * What a round's draft owns, in one place: the removal by the family (and anything else that deletes
 * drafts) clears exactly this, so a field added to the draft is deleted with it by adding it here.
 * Bytes go after the record: the record is changed by compare-and-set first, then the files store is
 * asked to delete what no round names any more; a 'file' timer set before the change deletes them
 * should that request fail.
 */
import type { Project, RemovedDraft, Round } from '../project';
import { timersRepo } from '#server/core/timers';
import type { DeployInfo } from '#server/storage/stores';
import { projectFilesRepo } from '#features/essay/server/files';
import { draftTextsRepo } from '#features/essay/server/draft-texts.repo';

/** How soon the repair of an interrupted deletion runs. */
const FILE_REPAIR_MS = 2 * 60 * 1000;

/**
 * What a round's draft owns: the ids of its files in the files store, and the round's fields that hold
 * its words: the draft, and the editor's comments, which quote it.
 */
function draftContents(round: Round): { fileIds: string[]; fields: readonly (keyof Round)[] } {
  return { fileIds: round.draft.kind === 'file' ? [round.draft.file.id] : [], fields: ['draft', 'comments'] };
}

/** The round with its draft removed: every field the draft owns cleared, the draft a note of when and by whom. */
export function withoutDraft(round: Round, removed: RemovedDraft): Round {
  const cleared: Partial<Round> = { ...round };
  for (const field of draftContents(round).fields) delete cleared[field];
  return { ...(cleared as Omit<Round, 'draft'>), draft: removed };
}

/** Every file a project's record names: its drafts' and its feedback's. */
export const projectFileIds = (project: Pick<Project, 'rounds'>): Set<string> =>
  new Set(project.rounds.flatMap((round) => [...draftContents(round).fileIds, ...round.files.map((f) => f.id)]));

/** The files `before` names and `after` no longer does. */
export function droppedFileIds(before: Project, after: Project): string[] {
  const kept = projectFileIds(after);
  return [...projectFileIds(before)].filter((id) => !kept.has(id));
}

/** Before the change: a 'file' timer per file it drops, which deletes the bytes if the change landed and they remain. */
export async function scheduleFileRepairs(projectId: string, fileIds: string[], now: Date, info?: DeployInfo) {
  const at = new Date(now.getTime() + FILE_REPAIR_MS);
  await Promise.all(fileIds.map((id) => timersRepo(info).schedule(at, projectId, 'file', id)));
}

/** After the change: the bytes and their text read in the page deleted; a failure is left to the timers set before it. */
export async function deleteDroppedFiles(projectId: string, fileIds: string[], info?: DeployInfo) {
  const files = projectFilesRepo(info);
  const texts = draftTextsRepo(info);
  try {
    await Promise.all(fileIds.flatMap((id) => [texts.remove(projectId, id), files.remove(projectId, id)]));
  } catch (error) {
    console.error(`Project ${projectId}: files left for the timer to delete:`, error);
  }
}
