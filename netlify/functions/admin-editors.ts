/**
 * GET /api/admin/editors (admin): every editor, hidden ones too, each with whether the site shows
 * them, the address they sign in with and how many projects they have. None of it is in the public list.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '#server/core/auth';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { editorsRepo, toAdminEditor } from '#features/editors/server/editors.repo';
import { privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const [editors, counts] = await Promise.all([
      editorsRepo(context).list({ fresh: true }),
      projectsRepo(context).countByEditor(),
    ]);
    return privateJson(
      editors.map((editor) => toAdminEditor(editor, counts.get(editor.id) ?? { open: 0, finished: 0, stopped: 0 })),
    );
  },
});

export const config: Config = { path: '/api/admin/editors' };
