/**
 * PUT and DELETE /api/database/editors/:id: an admin changes or removes one editor. An editor
 * with open projects is not removed (409); a removed editor's id is never given out again.
 */
import type { Config, Context } from '@netlify/functions';
import { editorMessages } from '../../src/lib/messages';
import { editorInputSchema } from '../../src/lib/schemas';
import { audited, editorChange } from '../server/audit-log';
import { requireAdmin } from '../server/auth';
import { publishEditorChange } from '../server/site-rebuild';
import { projectsRepo } from '../server/delivery/projects.repo';
import { releasePhotoLater } from '../server/editor-photos';
import { editorsRepo, isEditorId, toPublicEditor } from '../server/editors.repo';
import { HttpError, json, readBody, route } from '../server/http';

const unknownEditor = () => new HttpError(404, 'No editor with this id');

/** The id from the path; one that could never have been created is simply unknown. */
function editorId(context: Context): string {
  const id = context.params?.id ?? '';
  if (!isEditorId(id)) throw unknownEditor();
  return id;
}

export default route({
  PUT: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = editorId(context);
    const input = await readBody(req, editorInputSchema);
    const repo = editorsRepo(context);
    await repo.assertAccountFree(input, id);
    const before = await repo.get(id);
    const record = await audited(context, caller, editorChange(id, before, input), () => repo.update(id, input));
    if (!record) throw unknownEditor();
    if (before && before.image !== record.image) releasePhotoLater(before.image, context);
    await publishEditorChange(context);
    return json(toPublicEditor(record), { headers: { 'Cache-Control': 'no-store' } });
  },
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = editorId(context);
    // Their families would be left without an editor: the admin reassigns the work first.
    const open = await projectsRepo(context).listForEditor(id, 'open');
    if (open.length > 0) throw new HttpError(409, editorMessages.hasOpenProjects(open.length));
    const current = await editorsRepo(context).get(id);
    const removed = await audited(context, caller, { action: 'editor-deleted', subject: { kind: 'editor', id }, before: current, after: null }, () => editorsRepo(context).remove(id));
    if (!removed) throw unknownEditor();
    releasePhotoLater(removed.image, context);
    await publishEditorChange(context);
    return new Response(null, { status: 204 });
  },
});

export const config: Config = { path: '/api/database/editors/:id' };
