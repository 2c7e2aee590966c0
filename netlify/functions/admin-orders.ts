/**
 * GET /api/admin/orders (admin): one page of every order, newest first (`?limit=&cursor=`), whole
 * orders so the admin can open one without another request. GET /api/orders/:id reads a single one.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../server/auth';
import { privateJson, route } from '../server/http';
import { pageQueryOf } from '../server/paging';
import { ordersRepo } from '../server/orders.repo';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await ordersRepo(context).page(pageQueryOf(new URL(req.url))));
  },
});

export const config: Config = { path: '/api/admin/orders' };
