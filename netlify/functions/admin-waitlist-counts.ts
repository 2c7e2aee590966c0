/** GET /api/admin/waitlist/counts (admin): how many wait for each editor, `{ [editorId]: n }`. */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '#server/core/auth';
import { privateJson, route } from '#server/core/http';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await waitlistRepo(context).counts());
  },
});

export const config: Config = { path: '/api/admin/waitlist/counts' };
