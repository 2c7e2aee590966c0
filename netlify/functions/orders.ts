/** GET /api/orders: the signed-in customer's orders, newest first (for the dashboard). */
import type { Config } from '@netlify/functions';
import { authenticate } from '#server/core/auth';
import { orderForFamily } from '#features/orders/order';
import { json, route } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { withProjectEditors } from '#features/projects/server/order-editors';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const orders = await ordersRepo(context).listForCustomer(caller.uid);
    return json((await withProjectEditors(orders, context)).map(orderForFamily), {
      headers: { 'Cache-Control': 'private, no-store' },
    });
  },
});

export const config: Config = { path: '/api/orders' };
