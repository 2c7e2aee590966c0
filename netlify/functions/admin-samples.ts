/**
 * /api/admin/samples (admin): GET every editor's sample edits, whole (consent included) with the editor's name, those waiting
 * for approval first; POST `{ editorId, sampleId, decision, reason? }` approves one, declines it or
 * withdraws it from the profile, with a reason the editor reads (required but for an approval). Each
 * decision is audited and builds the editors' pages again.
 */
import type { Config } from '@netlify/functions';
import { needsReason, SAMPLE_DECISIONS, sampleMessages, waitingFirst } from '#features/editors/samples';
import { sampleDecisionSchema } from '#features/editors/samples.schema';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { samplesRepo } from '#features/editors/server/samples.repo';
import { publishEditorChange } from '#features/editors/server/site-rebuild';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { HttpError, privateJson, readBody, route } from '#server/core/http';

const ACTIONS = { approve: 'sample-approved', decline: 'sample-declined', withdraw: 'sample-withdrawn' } as const;

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const [samples, editors] = await Promise.all([samplesRepo(context).all(), editorsRepo(context).list()]);
    const names = new Map(editors.map((editor) => [editor.id, editor.name]));
    const named = samples.map((sample) => ({ ...sample, editorName: names.get(sample.editorId) ?? sample.editorId }));
    return privateJson({ samples: waitingFirst(named) });
  },
  POST: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { editorId, sampleId, decision, reason } = await readBody(req, sampleDecisionSchema);
    if (needsReason(decision) && !reason) throw new HttpError(400, sampleMessages.reasonNeeded);
    if (!(await editorsRepo(context).get(editorId))) throw new HttpError(404, 'Editor not found');
    const repo = samplesRepo(context);
    const before = (await repo.list(editorId)).find((s) => s.id === sampleId);
    if (!before) throw new HttpError(404, sampleMessages.noSuchSample);
    const change = {
      action: ACTIONS[decision],
      subject: { kind: 'editor', id: editorId },
      before: { sample: before.title, state: before.state },
      after: {
        sample: before.title,
        state: SAMPLE_DECISIONS[decision].to,
        ...(needsReason(decision) && reason && { reason }),
      },
    } as const;
    const sample = await audited(context, caller, change, () =>
      repo.decide(editorId, sampleId, decision, needsReason(decision) ? reason : undefined),
    );
    if (decision !== 'decline') await publishEditorChange(context);
    return privateJson({ sample: { ...sample, editorId } });
  },
});

export const config: Config = { path: '/api/admin/samples' };
