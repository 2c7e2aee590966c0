/** GET /api/projects/:id: one project, for its customer, its editor or an admin; 404 for anyone else. */
import type { Config } from '@netlify/functions';
import { authenticate } from '../server/core/auth';
import { editorOf, requireRoles } from '../server/delivery/access';
import { projectsRepo } from '../server/delivery/projects.repo';
import { viewFor } from '../server/delivery/view';
import { privateJson, route } from '../server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const [editor, project] = await Promise.all([
      editorOf(caller, context),
      projectsRepo(context).get(context.params.id ?? ''),
    ]);
    const roles = requireRoles(project, caller, editor?.id ?? null);
    return privateJson(await viewFor(project!, roles, context));
  },
});

export const config: Config = { path: '/api/projects/:id' };
