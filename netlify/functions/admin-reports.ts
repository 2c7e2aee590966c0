/**
 * GET /api/admin/reports/months?from=YYYY-MM&to=YYYY-MM (admin): per month of the business time zone,
 * revenue, refunds, net, orders, projects finished, rounds returned late and on time and consults
 * booked, with their totals; per editor, projects open now and, over those months, projects finished
 * and rounds on time and late. Without a period, the last twelve months, this one included.
 */
import type { Config } from '@netlify/functions';
import { localDate } from '#features/consults/consult-format';
import { monthsQuerySchema } from '#features/admin/reports.schema';
import { BUSINESS_TIME_ZONE, defaultMonths } from '#features/admin/reports';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route } from '#server/core/http';
import { monthsReport } from '#features/admin/server/reports';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const query = parse(monthsQuerySchema, {
      from: url.searchParams.get('from') ?? undefined,
      to: url.searchParams.get('to') ?? undefined,
    });
    const range =
      query.from && query.to
        ? { from: query.from, to: query.to }
        : defaultMonths(localDate(new Date().toISOString(), BUSINESS_TIME_ZONE));
    return privateJson(await monthsReport(range, context));
  },
});

export const config: Config = { path: '/api/admin/reports/months' };
