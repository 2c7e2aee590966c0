import { useEffect, useRef, useState } from 'react';
import { type ProjectAction, type ProjectView } from '../project';
import { actionLabel, cancelLabel, editsUsed, isTerminal, submitLabel } from '../process';
import { CANCELLATION_SUMMARY } from '#lib/refunds';
import { ordersChanged } from '#stores/orders';
import { AcknowledgeForm } from './AcknowledgeForm';
import { HelpForm } from './HelpForm';
import { HelpNote } from './HelpNote';
import { ConfirmDialog } from './ConfirmDialog';
import { ReturnFeedbackForm } from './ReturnFeedbackForm';
import { StepNotice } from './StepNotice';
import { SubmitDraftForm } from './SubmitDraftForm';
import { cancelDone, stepsFor, type Perspective } from './perspective';
import { useProjectStep } from './useProjectStep';

type FormStep = 'submit' | 'acknowledge' | 'return' | 'ask-for-help';
type ConfirmStep = 'finalize' | 'withdraw' | 'cancel';
const FORMS = {
  submit: SubmitDraftForm,
  acknowledge: AcknowledgeForm,
  return: ReturnFeedbackForm,
  'ask-for-help': HelpForm,
} as const;
const isFormStep = (action: ProjectAction): action is FormStep => action in FORMS;

/** The steps that end a project for good. */
const ENDING: readonly ProjectAction[] = ['cancel', 'withdraw'];

/** What the steps that cannot be undone mean, said before they are taken. */
function ConfirmText({ step, project }: { step: ConfirmStep; project: ProjectView }) {
  const editor = project.editor.name;
  if (step === 'cancel') {
    return (
      <>
        <p className="font-semibold">{project.cancellation?.text}</p>
        <p>
          {project.service.title} is cancelled and {editor} gets its slot back.{' '}
          {project.cancellation?.amountCents
            ? 'The refund goes back to the card you paid with, usually within 5-10 business days. '
            : ''}
          This cannot be undone.
        </p>
      </>
    );
  }
  if (step === 'withdraw') {
    return (
      <>
        <p>
          {editor} stops working on {project.service.title} and gets its slot back for another student. No more drafts,
          edits or messages: this cannot be undone.
        </p>
        <p>Withdrawing is not a refund.</p>
      </>
    );
  }
  const left = project.editsLeft;
  return (
    <p>
      You will not be able to submit another revision
      {left ? ` (the ${left} edit${left === 1 ? '' : 's'} left end with it)` : ''}, and {editor} gets the slot back.
      This cannot be undone.
    </p>
  );
}

const CONFIRM_TITLES: Record<ConfirmStep, (project: ProjectView) => string> = {
  finalize: ({ service }) => `Mark ${service.title} as final?`,
  withdraw: ({ service }) => `Withdraw ${service.title}?`,
  cancel: ({ service, cancellation }) =>
    cancellation?.amountCents ? `Cancel ${service.title} and get a refund?` : `Cancel ${service.title}?`,
};

/** Feedback came back on a project still open: self-service cancelling is over. */
const feedbackReturned = (project: ProjectView) => !isTerminal(project.state) && editsUsed(project) > 0;

/**
 * The steps this page offers on a project now, as the server allows them (`actions`): a button each;
 * the three that need input open their form in place, the two that end something ask first.
 */
export function ProjectSteps({
  project,
  perspective,
  onChange,
}: {
  project: ProjectView;
  perspective: Perspective;
  onChange: (p: ProjectView) => void;
}) {
  const { busy, notice, run } = useProjectStep(project, onChange);
  const [form, setForm] = useState<FormStep | null>(null);
  const [confirm, setConfirm] = useState<ConfirmStep | null>(null);
  const [focusTo, setFocusTo] = useState<{ target: 'notice' | FormStep } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const openers = useRef<Partial<Record<ProjectAction, HTMLButtonElement | null>>>({});
  const available = stepsFor(perspective, project.actions);
  const steps = available.filter((action) => !ENDING.includes(action));
  const ending = available.filter((action) => ENDING.includes(action));

  // After the render that removed a form or a dialog: to the form's button again, or to the result.
  useEffect(() => {
    if (!focusTo) return;
    (focusTo.target === 'notice' ? noticeRef.current : openers.current[focusTo.target])?.focus();
  }, [focusTo]);

  async function take(action: ProjectAction, body: object, done?: string) {
    const ok = await run(action, body, done);
    if (ok && action === 'cancel') ordersChanged(); // the refund shows in the order
    if (ok) setForm(null);
    if (ok || confirm) {
      setConfirm(null);
      setFocusTo({ target: 'notice' });
    }
    return ok;
  }

  const help = project.rounds.at(-1)?.help;
  const labelOf = (action: ProjectAction) =>
    action === 'submit' ? submitLabel(project) : action === 'cancel' ? cancelLabel(project) : actionLabel[action];
  const Form = form ? FORMS[form] : null;
  const opener = (action: ProjectAction) => (el: HTMLButtonElement | null) => {
    openers.current[action] = el;
  };

  return (
    <div className="space-y-3">
      <StepNotice ref={noticeRef} notice={notice} />
      {help && <HelpNote help={help} reader={perspective} />}
      {steps.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {steps
            .filter((action) => action !== form)
            .map((action) => (
              <button
                key={action}
                ref={opener(action)}
                type="button"
                disabled={busy !== null}
                onClick={() =>
                  isFormStep(action)
                    ? setForm(action)
                    : action === 'extend'
                      ? void take(action, { version: project.version })
                      : setConfirm(action as ConfirmStep)
                }
                className={
                  action === 'finalize'
                    ? 'btn-accent'
                    : action === 'extend' || action === 'ask-for-help'
                      ? 'btn-outline'
                      : 'btn-primary'
                }
              >
                {labelOf(action)}
              </button>
            ))}
        </div>
      )}
      {form && Form && (
        // Stays open after an error, even one that took the step away, so nothing typed disappears.
        <Form
          key={form}
          project={project}
          busy={busy === form}
          onSubmit={(body) => take(form, body)}
          onCancel={() => {
            setForm(null);
            setFocusTo({ target: form });
          }}
        />
      )}
      {project.roles.includes('customer') && feedbackReturned(project) && (
        <p className="text-sm text-slate-700">
          Feedback has come back on this project, so it can no longer be cancelled here.{' '}
          {project.actions.includes('ask-for-help')
            ? `Not satisfied with it? Choose “${actionLabel['ask-for-help']}”: our team decides on a free extra round or a refund. Otherwise, for a refund, please `
            : 'For a refund, please '}
          <a href="/contact" className="font-semibold text-navy-700 underline">
            contact us
          </a>
          .
        </p>
      )}
      {ending.length > 0 && (
        // Rarely used and not undone: out of the way of the everyday steps, each saying what it means.
        <details className="group rounded-lg border border-slate-200">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
            <svg
              aria-hidden="true"
              width="16"
              height="16"
              viewBox="0 0 20 20"
              className="shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
            >
              <path
                d="M7 5l5 5-5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Stop this project
          </summary>
          <ul className="space-y-3 border-t border-slate-200 p-3">
            {ending.map((action) => (
              <li key={action} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <button
                  ref={opener(action)}
                  type="button"
                  disabled={busy !== null}
                  onClick={() => setConfirm(action as ConfirmStep)}
                  className="btn border-2 border-red-700 text-red-800 hover:bg-red-50"
                >
                  {labelOf(action)}
                </button>
                <span className="text-sm text-slate-700">
                  {action === 'cancel'
                    ? `${project.cancellation?.text ?? 'No refund'}.`
                    : 'No refund; your editor gets the slot back for another student.'}
                </span>
              </li>
            ))}
          </ul>
          {ending.includes('cancel') && (
            <p className="border-t border-slate-200 p-3 text-sm text-slate-700">{CANCELLATION_SUMMARY}</p>
          )}
        </details>
      )}
      {confirm && (
        <ConfirmDialog
          title={CONFIRM_TITLES[confirm](project)}
          confirmLabel={labelOf(confirm)}
          cancelLabel={confirm === 'finalize' ? 'Not yet' : 'Keep the project'}
          busy={busy === confirm}
          danger={confirm !== 'finalize'}
          onConfirm={() =>
            void (confirm === 'cancel'
              ? take(
                  confirm,
                  { version: project.version, refundCents: project.cancellation?.amountCents },
                  cancelDone(project.cancellation),
                )
              : take(confirm, { version: project.version }))
          }
          onClose={() => setConfirm(null)}
        >
          <ConfirmText step={confirm} project={project} />
        </ConfirmDialog>
      )}
    </div>
  );
}
