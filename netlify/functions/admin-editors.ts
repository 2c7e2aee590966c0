/**
 * GET /api/admin/editors (admin): every editor, hidden ones too, each with whether the site shows
 * them, the address they sign in with, their way in (invitation, profile, payouts) and how many
 * projects they have. None of it is in the public list. POST { editorId }: invites the editor again.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '#server/core/auth';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { editorsRepo, toAdminEditor } from '#features/editors/server/editors.repo';
import { HttpError, parse, privateJson, readBody, route } from '#server/core/http';
import { audited } from '#server/core/audit-log';
import { adminEditorsQuerySchema, resendInvitationSchema } from '#features/editors/editor.schema';
import { sendInvitation } from '#features/editors/server/invitations';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const { counts: counted } = parse(adminEditorsQuerySchema, {
      counts: new URL(req.url).searchParams.get('counts') ?? undefined,
    });
    // The project counts list every project's editor key: only the Editors tab asks for them.
    const [editors, counts] = await Promise.all([
      editorsRepo(context).list({ fresh: true }),
      counted === 'true' ? projectsRepo(context).countByEditor() : null,
    ]);
    return privateJson(
      editors.map((editor) =>
        toAdminEditor(editor, counts ? (counts.get(editor.id) ?? { open: 0, finished: 0, stopped: 0 }) : undefined),
      ),
    );
  },
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { editorId } = await readBody(req, resendInvitationSchema);
    const editor = await editorsRepo(context).get(editorId);
    if (!editor) throw new HttpError(404, 'No editor with this id');
    const before = { invitation: editor.invitation?.sentAt ?? 'none', to: editor.invitation?.email ?? null };
    const invitation = await audited(
      context,
      caller,
      {
        action: 'editor-invited',
        subject: { kind: 'editor', id: editorId },
        before,
        after: { invitation: 'new', to: editor.accountEmail ?? null },
      },
      () => sendInvitation(editorId, context),
    );
    return privateJson(invitation);
  },
});

export const config: Config = { path: '/api/admin/editors' };
