import { useId, useState, type FormEvent } from 'react';
import type { Page } from '#lib/paged-list';
import { formatDay } from '#lib/time';
import { signedInFetch } from '#stores/session';
import {
  APPLICATION_LIMITS,
  APPLICATION_STAGES,
  NEXT_STAGES,
  stageLabel,
  type ApplicationItem,
  type ApplicationStage,
} from '../application';
import { ConfirmPanel, ReasonField, useReasonConfirm } from '../../../islands/shared/admin/ConfirmPanel';
import { showToast } from '../../../islands/shared/admin/toasts';
import { searchParam } from '../../../islands/shared/admin/url-filter';
import { LoadFailed } from '../../../islands/shared/LoadFailed';
import { useSignedInFetch } from '../../../islands/shared/useSignedInFetch';

const APPLICATIONS_PATH = '/api/admin/applications';
type Filter = ApplicationStage | 'all';
type Step = { key: string; stage: 'interviewing' | 'accepted' | 'declined' } | null;

const STAGE_STYLES: Record<ApplicationStage, string> = {
  new: 'bg-sky-100 text-sky-900',
  interviewing: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
};

/**
 * Applications to edit for us, newest first, by stage: each with what the graduate sent, and the steps
 * its stage allows. Accepting makes them an editor, hidden from the site, and invites them; declining
 * mails them the note.
 */
export default function ApplicationsPanel() {
  const id = useId();
  // Opened from Today: the new ones, as its link says.
  const [filter, setFilter] = useState<Filter>(
    () => searchParam(location.search, 'stage', APPLICATION_STAGES) || 'all',
  );
  const { value, reload } = useSignedInFetch<Page<ApplicationItem>>(`${APPLICATIONS_PATH}?stage=${filter}&limit=50`);
  const [more, setMore] = useState<{ items: ApplicationItem[]; nextCursor: string | null } | null>(null);
  const [step, setStep] = useState<Step>(null);

  const page = value.state === 'done' && value.result.ok ? value.result.data : null;
  const items = [...(page?.items ?? []), ...(more?.items ?? [])];
  const nextCursor = more ? more.nextCursor : (page?.nextCursor ?? null);

  async function showMore() {
    const result = await signedInFetch<Page<ApplicationItem>>(
      `${APPLICATIONS_PATH}?stage=${filter}&limit=50&cursor=${encodeURIComponent(nextCursor!)}`,
    );
    if (!result.ok) return showToast('error', result.error);
    setMore({ items: [...(more?.items ?? []), ...result.data.items], nextCursor: result.data.nextCursor });
  }

  /** Sends the step; answers null when done, else what went wrong (shown in its panel). */
  async function send(key: string, stage: NonNullable<Step>['stage'], note = ''): Promise<string | null> {
    const result = await signedInFetch<ApplicationItem>(APPLICATIONS_PATH, {
      method: 'PATCH',
      body: { key, stage, note },
    });
    if (!result.ok) return result.error;
    setStep(null);
    setMore(null);
    showToast('success', `${result.data.name}: ${stageLabel[result.data.stage].toLowerCase()}.`);
    await reload();
    return null;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
          Applications
        </h2>
        <div>
          <label htmlFor={`${id}-stage`} className="block text-sm font-semibold text-slate-800">
            Show
          </label>
          <select
            id={`${id}-stage`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setMore(null);
              setStep(null);
            }}
            className="input mt-1 w-48"
          >
            <option value="all">All applications</option>
            {APPLICATION_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabel[stage]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {value.state === 'loading' && <p role="status">Loading applications...</p>}
      {value.state === 'done' && !value.result.ok && (
        <LoadFailed what="the applications" onRetry={() => void reload()} />
      )}
      {page && items.length === 0 && (
        <p className="text-slate-700">
          {filter === 'all' ? 'No applications yet.' : `No applications ${stageLabel[filter].toLowerCase()}.`}
        </p>
      )}
      {items.length > 0 && (
        <ul className="space-y-4">
          {items.map((application) => (
            <li key={application.key}>
              <ApplicationCard
                application={application}
                step={step?.key === application.key ? step.stage : null}
                onStep={(stage) => setStep({ key: application.key, stage })}
                onCancel={() => setStep(null)}
                onSend={(stage, note) => send(application.key, stage, note)}
              />
            </li>
          ))}
        </ul>
      )}
      {nextCursor && (
        <button type="button" className="btn-outline" onClick={() => void showMore()}>
          Show more applications
        </button>
      )}
    </section>
  );
}

const STEP_LABEL = { interviewing: 'Move to interviewing', accepted: 'Accept', declined: 'Decline' } as const;

interface CardProps {
  application: ApplicationItem;
  step: NonNullable<Step>['stage'] | null;
  onStep: (stage: NonNullable<Step>['stage']) => void;
  onCancel: () => void;
  onSend: (stage: NonNullable<Step>['stage'], note?: string) => Promise<string | null>;
}

function ApplicationCard({ application: a, step, onStep, onCancel, onSend }: CardProps) {
  const id = useId();
  const next = NEXT_STAGES[a.stage] as readonly NonNullable<Step>['stage'][];
  const declinedNote = a.history.findLast((h) => h.stage === 'declined')?.note;
  return (
    <article aria-labelledby={`${id}-name`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-name`} className="font-serif text-lg font-bold break-words text-navy-900">
          {a.name}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STAGE_STYLES[a.stage]}`}>
          {stageLabel[a.stage]}
        </span>
      </div>
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
        {a.college}, {a.major}, class of {a.graduationYear} · {a.email} · applied {formatDay(a.receivedAt)}
      </p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-800">Students at once</dt>
          <dd className="text-slate-700">{a.capacity}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Test scores</dt>
          <dd className="text-slate-700">{a.scores || 'None given'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-800">Activities</dt>
          <dd className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{a.activities}</dd>
        </div>
      </dl>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-navy-800">
          Read the writing sample
        </summary>
        <p className="mt-2 whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{a.writingSample}</p>
      </details>
      {a.editorId && (
        <p className="mt-2 text-sm text-slate-700">
          Editor made: <span className="font-semibold">{a.editorId}</span>, hidden from the site until ready.
        </p>
      )}
      {declinedNote && <p className="mt-2 text-sm text-slate-700">Note sent: {declinedNote}</p>}
      {next.length > 0 && step === null && (
        <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 pt-3">
          {next.map((stage) => (
            <button
              key={stage}
              type="button"
              className={
                stage === 'accepted'
                  ? 'btn-primary min-h-11 px-4 py-1.5 text-sm'
                  : 'btn-outline min-h-11 px-4 py-1.5 text-sm'
              }
              aria-label={`${STEP_LABEL[stage]}: ${a.name}`}
              onClick={() => onStep(stage)}
            >
              {STEP_LABEL[stage]}
            </button>
          ))}
        </div>
      )}
      {step === 'declined' && (
        <DeclinePanel name={a.name} onCancel={onCancel} onSend={(note) => onSend('declined', note)} />
      )}
      {(step === 'accepted' || step === 'interviewing') && (
        <StepPanel application={a} stage={step} onCancel={onCancel} onSend={() => onSend(step)} />
      )}
    </article>
  );
}

function StepPanel({
  application,
  stage,
  onCancel,
  onSend,
}: {
  application: ApplicationItem;
  stage: 'accepted' | 'interviewing';
  onCancel: () => void;
  onSend: () => Promise<string | null>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await onSend();
    if (failure !== null) {
      setBusy(false);
      setProblem(failure);
    }
  }
  const accepting = stage === 'accepted';
  return (
    <ConfirmPanel
      id={id}
      question={accepting ? `Accept ${application.name}?` : `Move ${application.name} to interviewing?`}
      consequence={
        accepting
          ? `They become an editor, hidden from the site until you show them, and are invited to sign in with ${application.email}.`
          : 'Nothing is sent to them: you arrange the interview.'
      }
      confirmLabel={accepting ? 'Accept and invite' : 'Move to interviewing'}
      confirmStyle="btn-primary"
      busy={busy}
      problem={problem}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    />
  );
}

function DeclinePanel({
  name,
  onCancel,
  onSend,
}: {
  name: string;
  onCancel: () => void;
  onSend: (note: string) => Promise<string | null>;
}) {
  const { id, busy, problem, submit, field } = useReasonConfirm('Enter the note the applicant will read.', onSend);
  return (
    <ConfirmPanel
      id={id}
      question={`Decline ${name}?`}
      consequence="They are e-mailed your note."
      confirmLabel="Decline and send the note"
      confirmStyle="btn bg-red-700 text-white hover:bg-red-800"
      busy={busy}
      problem={problem}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <ReasonField {...field} max={APPLICATION_LIMITS.declineNote} hint="The applicant reads it in the e-mail." />
    </ConfirmPanel>
  );
}
