/**
 * GET /api/admin/applications?stage= (admin): one page of applications, newest first, of one stage or
 * all. PATCH { key, stage, note }: moves one on (interviewing, accepted, declined with a note the
 * applicant is mailed); accepting makes the applicant an editor, hidden, and invites them. Audited.
 */
import type { Config } from '@netlify/functions';
import { applicationDecisionSchema, applicationsQuerySchema } from '#features/applications/application.schema';
import { applicationsRepo } from '#features/applications/server/applications.repo';
import { decide } from '#features/applications/server/decisions';
import { TIME_KEY_PATTERN } from '#lib/admin-lists';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { HttpError, pageQueryOf, parse, privateJson, readBody, route } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const { stage } = parse(applicationsQuerySchema, { stage: url.searchParams.get('stage') ?? undefined });
    return privateJson(await applicationsRepo(context).page(stage, pageQueryOf(url)));
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const decision = await readBody(req, applicationDecisionSchema);
    if (!TIME_KEY_PATTERN.test(decision.key)) throw new HttpError(404, 'No application with this key');
    const before = await applicationsRepo(context).get(decision.key);
    const record = await audited(
      context,
      caller,
      {
        action: `application-${decision.stage}`,
        subject: { kind: 'application', id: decision.key },
        before: before && { stage: before.stage },
        after: before && { stage: decision.stage, note: decision.note || null },
      },
      () => decide(decision, caller, context),
    );
    return privateJson({ key: decision.key, ...record });
  },
});

export const config: Config = { path: '/api/admin/applications' };
