/**
 * GET /api/admin/audit (admin): one page of the audit log of admin actions, newest first
 * (`?limit=&cursor=`), optionally only those about one subject (`?subject=<id>`), of one action
 * (`?action=`), by one admin (`?admin=<address>`) or of one day of the business time zone (`?day=`);
 * each entry with its subject's name where the subject is a record (audit-names.ts).
 */
import type { Config } from '@netlify/functions';
import { auditSubjectSchema } from '#lib/audit.schema';
import { auditActionWords } from '#features/admin/audit-words';
import { auditFilterSchema } from '#features/admin/reports.schema';
import { withSubjectNames } from '#features/admin/server/audit-names';
import { auditPage } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const subject = parse(auditSubjectSchema, url.searchParams.get('subject') ?? undefined);
    const { action, admin, day } = parse(auditFilterSchema, {
      action: url.searchParams.get('action') ?? undefined,
      admin: url.searchParams.get('admin') ?? undefined,
      day: url.searchParams.get('day') ?? undefined,
    });
    // Time zones load only for a day (their first use costs about as much as a cold start).
    const bounds = day ? (await import('#features/admin/server/period')).periodBounds(day, day) : null;
    const during = bounds ? { from: new Date(bounds.start), to: new Date(bounds.end) } : undefined;
    const page = await auditPage(pageQueryOf(url), { subject, action, admin, during }, context);
    const named = await withSubjectNames(page.items, context);
    return privateJson({
      ...page,
      items: named.map((entry) => ({ ...entry, label: auditActionWords[entry.action] ?? entry.action })),
    });
  },
});

export const config: Config = { path: '/api/admin/audit' };
