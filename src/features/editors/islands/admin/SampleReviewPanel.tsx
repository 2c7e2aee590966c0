import { useId, useState } from 'react';
import { signedInFetch } from '#stores/session';
import { SAMPLE_DECISIONS, SAMPLE_LIMITS, sampleMessages, sampleTexts, type SampleDecision } from '../../samples';
import type { Sample } from '../../samples';
import { SampleView } from '../SampleView';
import { ConfirmPanel, ReasonField, useReasonConfirm } from '../../../../islands/shared/admin/ConfirmPanel';
import { showToast } from '../../../../islands/shared/admin/toasts';
import { LoadFailed } from '../../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../../islands/shared/useSignedInFetch';

const SAMPLES_PATH = '/api/admin/samples';
type ReviewedSample = Sample & { editorId: string; editorName: string };
type Step = { sample: ReviewedSample; decision: SampleDecision } | null;

const STATE_STYLES: Record<Sample['state'], string> = {
  waiting: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
  withdrawn: 'bg-slate-200 text-slate-800',
};
const DONE = { approve: 'approved', decline: 'declined', withdraw: 'withdrawn' } as const;

/**
 * Editors' sample edits, those waiting first: each as a family would read it, with whose writing it is
 * and, for a family's, the consent the editor recorded. Approving puts it on the profile; declining or
 * withdrawing it asks for a reason the editor reads.
 */
export default function SampleReviewPanel() {
  const id = useId();
  const { value, reload } = useSignedInFetch<{ samples: ReviewedSample[] }>(SAMPLES_PATH);
  const [step, setStep] = useState<Step>(null);
  const samples = value.state === 'done' && value.result.ok ? value.result.data.samples : null;
  const waiting = samples?.filter((s) => s.state === 'waiting').length ?? 0;

  /** Sends the decision; answers null when done, else what went wrong (shown in its panel). */
  async function decide(sample: ReviewedSample, decision: SampleDecision, reason?: string): Promise<string | null> {
    const result = await signedInFetch<{ sample: Sample }>(SAMPLES_PATH, {
      method: 'POST',
      body: { editorId: sample.editorId, sampleId: sample.id, decision, ...(reason && { reason }) },
    });
    if (!result.ok) return result.error;
    setStep(null);
    showToast('success', `“${sample.title}”: ${sampleTexts.review[DONE[decision]]}`);
    await reload();
    return null;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
        {sampleTexts.review.heading}
      </h2>
      {value.state === 'loading' && <p role="status">Loading sample edits...</p>}
      {value.state === 'done' && !value.result.ok && (
        <LoadFailed what="the sample edits" onRetry={() => void reload()} />
      )}
      {samples && samples.length === 0 && <p className="text-slate-700">{sampleTexts.review.empty}</p>}
      {samples && samples.length > 0 && <p className="text-slate-700">{sampleTexts.review.waiting(waiting)}</p>}
      <ul className="space-y-4">
        {samples?.map((sample) => (
          <li key={`${sample.editorId}/${sample.id}`}>
            <SampleCard
              sample={sample}
              step={step?.sample.id === sample.id && step.sample.editorId === sample.editorId ? step.decision : null}
              onStep={(decision) => setStep({ sample, decision })}
              onCancel={() => setStep(null)}
              onDecide={(decision, reason) => decide(sample, decision, reason)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface CardProps {
  sample: ReviewedSample;
  step: SampleDecision | null;
  onStep: (decision: SampleDecision) => void;
  onCancel: () => void;
  onDecide: (decision: SampleDecision, reason?: string) => Promise<string | null>;
}

function SampleCard({ sample, step, onStep, onCancel, onDecide }: CardProps) {
  const decisions = (Object.keys(SAMPLE_DECISIONS) as SampleDecision[]).filter((d) =>
    (SAMPLE_DECISIONS[d].from as readonly string[]).includes(sample.state),
  );
  const { consent } = sample;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-navy-900">{sample.editorName}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[sample.state]}`}>
          {sampleTexts.states[sample.state]}
        </span>
      </div>
      {consent && (
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">
          {sampleTexts.review.consent(consent, sampleTexts.roles[consent.role])}
        </p>
      )}
      {sample.reason && <p className="text-sm text-slate-700">Reason given: {sample.reason}</p>}
      <SampleView sample={{ ...sample, approvedAt: sample.updatedAt }} />
      {step === null && decisions.length > 0 && (
        <div className="flex flex-wrap gap-3">
          {decisions.map((decision) => (
            <button
              key={decision}
              type="button"
              className={
                decision === 'approve'
                  ? 'btn-primary min-h-11 px-4 py-1.5 text-sm'
                  : 'btn-outline min-h-11 px-4 py-1.5 text-sm'
              }
              aria-label={`${sampleTexts.review[decision]}: “${sample.title}”`}
              onClick={() => (decision === 'approve' ? void onDecide(decision) : onStep(decision))}
            >
              {sampleTexts.review[decision]}
            </button>
          ))}
        </div>
      )}
      {step !== null && step !== 'approve' && (
        <ReasonPanel
          title={sample.title}
          decision={step}
          onCancel={onCancel}
          onSend={(reason) => onDecide(step, reason)}
        />
      )}
    </div>
  );
}

function ReasonPanel({
  title,
  decision,
  onCancel,
  onSend,
}: {
  title: string;
  decision: Exclude<SampleDecision, 'approve'>;
  onCancel: () => void;
  onSend: (reason: string) => Promise<string | null>;
}) {
  const { id, busy, problem, submit, field } = useReasonConfirm(sampleMessages.reasonNeeded, onSend);
  return (
    <ConfirmPanel
      id={id}
      question={`${sampleTexts.review[decision]}: “${title}”?`}
      confirmLabel={sampleTexts.review[decision]}
      confirmStyle="btn bg-red-700 text-white hover:bg-red-800"
      busy={busy}
      problem={problem}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <ReasonField {...field} max={SAMPLE_LIMITS.comment} hint={sampleTexts.review.reason} />
    </ConfirmPanel>
  );
}
