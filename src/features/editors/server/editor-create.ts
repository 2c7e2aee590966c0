/** POST /api/database/editors: an admin adds an editor. Loaded by the editors function only when one comes. */
import type { Context } from '@netlify/functions';
import { editorInputSchema } from '../editor.schema';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { editorsRepo, toPublicEditor } from './editors.repo';
import { json, readBody } from '#server/core/http';
import { publishEditorChange } from './site-rebuild';
import { sendInvitation } from './invitations';

export async function createEditor(req: Request, context: Context): Promise<Response> {
  const caller = await requireAdmin(req, context);
  const input = await readBody(req, editorInputSchema);
  const repo = editorsRepo(context);
  await repo.assertAccountFree(input);
  const record = await audited(
    context,
    caller,
    { action: 'editor-created', subject: { kind: 'editor', id: '' }, before: null, after: input, idOf: (r) => r.id },
    () => repo.createWithNewId(input),
  );
  // A failed mail answers 503 with the editor made: 'Invite again' on their card sends a new one.
  if (record.accountEmail) await sendInvitation(record.id, context);
  await publishEditorChange(context);
  return json(toPublicEditor(record), { status: 201, headers: { 'Cache-Control': 'no-store' } });
}
