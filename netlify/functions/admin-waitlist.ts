/**
 * GET /api/admin/waitlist (admin): one page of waitlist entries (`?limit=&cursor=`), in key order,
 * so the entries of one editor arrive together.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../server/auth';
import { privateJson, route } from '../server/http';
import { pageQueryOf } from '../server/paging';
import { waitlistRepo } from '../server/waitlist.repo';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req);
    return privateJson(await waitlistRepo(context).page(pageQueryOf(new URL(req.url))));
  },
});

export const config: Config = { path: '/api/admin/waitlist' };
