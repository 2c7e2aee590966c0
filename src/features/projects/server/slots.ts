/**
 * Slots follow the work: a slot-counting project takes one of its editor's active slots
 * while active (submitted, in review, returned) and gives it back once final, withdrawn or cancelled;
 * a reassigned project gives back what it held on the previous editor. `syncSlots` moves the editors'
 * `slotsOpen` toward what the project's state asks, through claims that each move at most once
 * (editorsRepo.moveSlot), so calling it again, after a crash or from a timer, changes nothing more.
 */
import { type Project } from '../project';
import { isActive, isTerminal, takesSlot } from '../process';
import { purgeEditorsCache } from '#features/editors/server/editors-cache';
import { editorsRepo } from '#features/editors/server/editors.repo';
import type { DeployInfo } from '#server/storage/stores';

const slotClaimKey = (projectId: string, assignment: number) => `${projectId}#${assignment}`;

export async function syncSlots(
  project: Project,
  context: DeployInfo & { waitUntil(work: Promise<unknown>): void },
): Promise<boolean> {
  if (!takesSlot(project)) return false;
  const editors = editorsRepo(context);
  const moves = project.previousAssignments.map((previous) =>
    editors.moveSlot(previous.editorId, slotClaimKey(project.id, previous.assignment), 'release'),
  );
  const claim = slotClaimKey(project.id, project.assignment);
  if (isActive(project.state)) moves.push(editors.moveSlot(project.editor.id, claim, 'take'));
  if (isTerminal(project.state)) moves.push(editors.moveSlot(project.editor.id, claim, 'release'));
  const changed = (await Promise.all(moves)).some(Boolean);
  // Every page that shows slots or prices a full editor reads the editors list: it must see this at once.
  if (changed) await purgeEditorsCache(context);
  return changed;
}
