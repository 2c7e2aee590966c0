/**
 * GET /api/admin/search?q= (admin): the orders, projects, inquiries, consults, subscribers, waitlist
 * entries and outbox e-mails found by the words of `q` (a name, an e-mail, an order or project id; for
 * e-mails, a recipient or an id in the subject), however old, grouped by list, each group saying how
 * many matched.
 */
import type { Config } from '@netlify/functions';
import { searchQuerySchema } from '#features/admin/reports.schema';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route } from '#server/core/http';
import { search } from '#features/admin/server/search';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const { q } = parse(searchQuerySchema, { q: new URL(req.url).searchParams.get('q') ?? undefined });
    return privateJson(await search(q, context));
  },
});

export const config: Config = { path: '/api/admin/search' };
