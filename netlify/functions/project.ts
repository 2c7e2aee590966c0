/** GET /api/projects/:id: one project, for its customer, its editor or an admin; 404 for anyone else. */
import type { Config } from '@netlify/functions';
import { authenticate } from '#server/core/auth';
import { callersProject } from '#features/projects/server/access';
import { viewFor } from '#features/projects/server/view';
import { privateJson, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const { project, roles } = await callersProject(caller, context);
    return privateJson(await viewFor(project, roles, context));
  },
});

export const config: Config = { path: '/api/projects/:id' };
