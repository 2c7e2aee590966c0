/**
 * /api/admin/attention (admin): GET one page of what the owner was told of (a family's own cancel,
 * a failed refund), newest first, with how many nobody has marked seen; PATCH { id, seen: true }.
 */
import type { Config } from '@netlify/functions';
import { attentionSeenSchema } from '#lib/audit.schema';
import { attentionRepo } from '#server/core/attention';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { HttpError, privateJson, readBody, route, pageQueryOf } from '#server/core/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await attentionRepo(context).page(pageQueryOf(new URL(req.url))));
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { id } = await readBody(req, attentionSeenSchema);
    const repo = attentionRepo(context);
    const noEvent = () => new HttpError(404, 'No such event');
    const seen = await repo.seen(id);
    if (seen === null) throw noEvent();
    await audited(
      context,
      caller,
      { action: 'notice-seen', subject: { kind: 'notice', id }, before: { seen }, after: { seen: true } },
      async () => {
        if (!(await repo.markSeen(id))) throw noEvent();
      },
    );
    return privateJson({ id, seen: true });
  },
});

export const config: Config = { path: '/api/admin/attention' };
