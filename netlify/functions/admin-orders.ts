/**
 * GET /api/admin/orders (admin): one page of every order, newest first (`?limit=&cursor=`), whole
 * orders with each project's current editor, so the admin can open one without another request.
 * Filtered by `?state=`, `?editor=`, `?needs=true` and the days it was paid on, `?from=&to=` (its
 * total then counts the matches); a filter reads only the orders it could match (orders.repo.ts,
 * pageFiltered). `?q=` searches them as the admin search does (order-search.ts): one page of matches. GET /api/orders/:id reads a single one.
 */
import type { Config } from '@netlify/functions';
import { adminOrderFilterSchema } from '#features/admin/reports.schema';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { searchOrders } from '#features/admin/server/order-search';
import { withProjectEditors } from '#features/projects/server/order-editors';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const names = ['state', 'editor', 'needs', 'from', 'to', 'q'] as const;
    const filter = parse(
      adminOrderFilterSchema,
      Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? undefined])),
    );
    const query = pageQueryOf(url);
    const repo = ordersRepo(context);
    // Time zones load only for a paid period (their first use costs about as much as a cold start).
    const period =
      filter.from && filter.to
        ? (await import('#features/admin/server/period')).periodBounds(filter.from, filter.to)
        : null;
    const orderFilter = {
      state: filter.state,
      editorId: filter.editor,
      needsYou: filter.needs === 'true',
      ...(period && { paid: { from: new Date(period.start), to: new Date(period.end) } }),
    };
    if (filter.q) {
      const found = await searchOrders(filter.q, orderFilter, context);
      return privateJson({ ...found, items: await withProjectEditors(found.items, context) });
    }
    const filtered = filter.state || filter.editor !== undefined || filter.needs === 'true' || period;
    const page = !filtered ? await repo.page(query) : await repo.pageFiltered(query, orderFilter);
    return privateJson({ ...page, items: await withProjectEditors(page.items, context) });
  },
});

export const config: Config = { path: '/api/admin/orders' };
