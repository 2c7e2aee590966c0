/**
 * PUT, PATCH and DELETE /api/database/editors/:id: an admin changes one editor, hides them from the
 * site (or shows them again), or removes one who never had a project. A removed editor's id is never
 * given out again.
 */
import type { Config, Context } from '@netlify/functions';
import { editorMessages } from '#lib/messages';
import { editorInputSchema, editorVisibilitySchema } from '#features/editors/editor.schema';
import { audited } from '#server/core/audit-log';
import { editorChange } from '#features/editors/server/editor-audit';
import { requireAdmin } from '#server/core/auth';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { publishEditorChange } from '#features/editors/server/site-rebuild';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { releasePhotoLater } from '#features/editors/server/editor-photos';
import { sendInvitation } from '#features/editors/server/invitations';
import { editorsRepo, isEditorId, toAdminEditor, toPublicEditor } from '#features/editors/server/editors.repo';
import { HttpError, json, readBody, route } from '#server/core/http';

const unknownEditor = () => new HttpError(404, 'No editor with this id');
const noStore = { headers: { 'Cache-Control': 'no-store' } };

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
    // A new or changed address is invited; the old one's link no longer matches it.
    if (record.accountEmail && record.accountEmail !== before?.accountEmail) await sendInvitation(id, context);
    await publishEditorChange(context);
    return json(toPublicEditor(record), noStore);
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = editorId(context);
    const { hidden } = await readBody(req, editorVisibilitySchema);
    const repo = editorsRepo(context);
    const record = await audited(context, caller, editorChange(id, await repo.get(id), { hidden }), () =>
      repo.setHidden(id, hidden),
    );
    if (!record) throw unknownEditor();
    await publishEditorChange(context);
    return json(toAdminEditor(record), noStore);
  },
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = editorId(context);
    // Every project names its editor: one who has any stays on record (hidden), never deleted.
    const projects = await projectsRepo(context).countForEditor(id);
    if (projects > 0) throw new HttpError(409, editorMessages.hasProjects(projects));
    const current = await editorsRepo(context).get(id);
    // Before the record: a retry after that write finds no editor, and would leave the samples behind.
    if (current) await samplesRepo(context).removeAll(id);
    const removed = await audited(
      context,
      caller,
      { action: 'editor-deleted', subject: { kind: 'editor', id }, before: current, after: null },
      () => editorsRepo(context).remove(id),
    );
    if (!removed) throw unknownEditor();
    releasePhotoLater(removed.image, context);
    await publishEditorChange(context);
    return new Response(null, { status: 204 });
  },
});

export const config: Config = { path: '/api/database/editors/:id' };
