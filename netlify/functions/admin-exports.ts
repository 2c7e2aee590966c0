/**
 * GET /api/admin/exports/<orders|refunds|payments>.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): the
 * accountant's files for the days `from` to `to` of the business time zone, both included: orders paid,
 * refunds made and payments received in them, amounts in dollars and cents, times on the business's clock.
 */
import type { Config } from '@netlify/functions';
import { exportFileSchema, exportPeriodSchema } from '#features/admin/reports.schema';
import type { ExportKind } from '#features/admin/reports';
import { requireAdmin } from '#server/core/auth';
import { toCsv } from '#server/core/csv';
import { HttpError, parse, route } from '#server/core/http';
import { exportCsvRows } from '#features/admin/server/reports';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const file = exportFileSchema.safeParse(context.params.file);
    if (!file.success) throw new HttpError(404, 'No such export');
    const url = new URL(req.url);
    const { from, to } = parse(exportPeriodSchema, {
      from: url.searchParams.get('from') ?? undefined,
      to: url.searchParams.get('to') ?? undefined,
    });
    const kind = file.data.replace(/\.csv$/, '') as ExportKind;
    const filename = `${kind}-${from}-to-${to}.csv`;
    return new Response(toCsv(await exportCsvRows(kind, from, to, context)), {
      headers: {
        'Cache-Control': 'private, no-store',
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      },
    });
  },
});

export const config: Config = { path: '/api/admin/exports/:file' };
