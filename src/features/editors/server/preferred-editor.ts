/** The editor a visitor prefers on the contact form or the consult booking: 'any', or one of ours. */
import { ANY_EDITOR } from '#lib/contact';
import { editorsRepo, isShown } from './editors.repo';
import { HttpError } from '#server/core/http';
import type { DeployInfo } from '#server/storage/stores';

/** The chosen editor, or null for 'any'; 400 when the id names no editor. */
export async function preferredEditor(id: string, info: DeployInfo): Promise<{ id: string; name: string } | null> {
  if (id === ANY_EDITOR.value) return null;
  // A key starting with '/' is not a valid blob key, so it cannot name an editor.
  const editor = id.startsWith('/') ? null : await editorsRepo(info).get(id);
  if (!editor || !isShown(editor)) throw new HttpError(400, 'preferredEditor is not one of our editors');
  return { id: editor.id, name: editor.name };
}

/** Every editor's current name by id, for lists that name the editors people preferred. */
export async function editorNames(info: DeployInfo): Promise<Map<string, string>> {
  return new Map((await editorsRepo(info).list({ fresh: true })).map((editor) => [editor.id, editor.name]));
}
