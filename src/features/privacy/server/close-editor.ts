/**
 * An editor closing the account they sign in with: the editor leaves the site as the admin's 'Hide
 * from the site' does (the same write, the cached lists purged and the pages built again), the
 * business is told, and the record's sign-in address goes last. Until that last write the editor is
 * still found by the address, so a closure cut off anywhere before it does all of this again, each
 * part once: the hiding is a compare-and-set, the notice is keyed by the closure's start.
 * Their projects, all finished (an editor with open ones cannot close), stay on record under their name;
 * their sample edits are deleted.
 */
import { editorClosureMessages } from '../editor-closure';
import { tellOwner } from '#server/core/attention';
import type { Caller } from '#server/core/auth';
import { editorOf } from '#features/editors/server/signed-in-editor';
import type { StepContext } from '#features/projects/server/steps';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { publishEditorChange } from '#features/editors/server/site-rebuild';
import { samplesRepo } from '#features/editors/server/samples.repo';

/** `startedAt`: when the closure began, the same on every try. */
export async function closeEditorProfile(caller: Caller, startedAt: Date, context: StepContext) {
  const editor = await editorOf(caller, context);
  if (!editor?.accountEmail) return;
  const repo = editorsRepo(context);
  if (isShown(editor)) await repo.setHidden(editor.id, true);
  // Their samples may hold a family's words given for the profile: they go with it.
  await samplesRepo(context).removeAll(editor.id);
  await publishEditorChange(context);
  await tellOwner(
    {
      id: `editor-closed-${editor.id}-${caller.uid}`,
      at: startedAt,
      kind: 'editor-closed',
      subject: editorClosureMessages.subject(editor.name),
      lines: [...editorClosureMessages.lines(editor.name, editor.id)],
    },
    context,
  );
  await repo.dropAccount(editor.id, editor.accountEmail);
}
