/**
 * GET /api/admin/orders (admin): one page of every order, newest first (`?limit=&cursor=`), whole
 * orders with each project's current editor, so the admin can open one without another request. GET /api/orders/:id reads a single one.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '#server/core/auth';
import { privateJson, route, pageQueryOf } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { withProjectEditors } from '#features/projects/server/order-editors';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const page = await ordersRepo(context).page(pageQueryOf(new URL(req.url)));
    return privateJson({ ...page, items: await withProjectEditors(page.items, context) });
  },
});

export const config: Config = { path: '/api/admin/orders' };
