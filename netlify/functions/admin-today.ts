/**
 * GET /api/admin/today (admin): what needs a person now, counted (src/features/admin/today.ts), and
 * this month so far beside the same days of last month.
 */
import type { Config } from '@netlify/functions';
import { requireAdmin } from '#server/core/auth';
import { privateJson, route } from '#server/core/http';
import { todayReport } from '#features/admin/server/today';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await todayReport(context));
  },
});

export const config: Config = { path: '/api/admin/today' };
