/**
 * GET /api/admin/audit (admin): one page of the audit log of admin actions, newest first
 * (`?limit=&cursor=`), optionally only those about one subject (`?subject=<id>`).
 */
import type { Config } from '@netlify/functions';
import { auditSubjectSchema } from '#lib/audit.schema';
import { auditActionWords } from '#features/admin/audit-words';
import { auditPage } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const subject = parse(auditSubjectSchema, url.searchParams.get('subject') ?? undefined);
    const page = await auditPage(pageQueryOf(url), subject, context);
    return privateJson({
      ...page,
      items: page.items.map((entry) => ({ ...entry, label: auditActionWords[entry.action] ?? entry.action })),
    });
  },
});

export const config: Config = { path: '/api/admin/audit' };
