/** GET /api/orders/:id: one order, for its owner or an admin; 404 for anyone else (existence stays secret). */
import type { Config } from '@netlify/functions';
import { orderForFamily } from '#features/orders/order';
import { authenticate } from '#server/core/auth';
import { HttpError, json, route } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { withProjectEditors } from '#features/projects/server/order-editors';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const stored = await ordersRepo(context).get(context.params.id ?? '');
    if (!stored || (stored.customer.uid !== caller.uid && !caller.isAdmin)) throw new HttpError(404, 'Order not found');
    const [order] = await withProjectEditors([stored], context);
    // The family's own view, even when its owner is an admin: the admin area reads orders elsewhere.
    return json(caller.isAdmin && order.customer.uid !== caller.uid ? order : orderForFamily(order), {
      headers: { 'Cache-Control': 'private, no-store' },
    });
  },
});

export const config: Config = { path: '/api/orders/:id' };
