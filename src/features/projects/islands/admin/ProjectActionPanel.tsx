import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type ProjectAction, type FullProjectView } from '#features/projects/project';
import { actionLabel, DELIVERY_LIMITS } from '#features/projects/process';
import type { AdminEditor } from '#features/editors/editor-rules';
import { ConfirmPanel, ReasonField } from '../../../../islands/shared/admin/ConfirmPanel';

/** The steps the admin's project list offers, in the order of its buttons. */
export const ADMIN_ACTIONS = [
  'grant-round',
  'close-help',
  'reassign',
  'finalize',
  'withdraw',
] as const satisfies readonly ProjectAction[];
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
/** What a step takes beside the version: the new editor of a reassignment, the reason for a withdrawal. */
export type ActionDetails = { editorId?: string; reason?: string };

interface ActionTexts {
  question: string;
  /** The confirming button: red for the step that ends a project unfinished. */
  confirmStyle: string;
  /** What the step does, so the admin confirms knowing it. */
  consequence: string;
  done: (project: FullProjectView) => string;
  failed: string;
}

export const actionTexts: Record<AdminAction, ActionTexts> = {
  reassign: {
    question: 'Reassign this project?',
    confirmStyle: 'btn-primary',
    consequence:
      'The new editor takes over its drafts, feedback and messages. A slot it holds moves to the new editor.',
    done: (project) => `Project ${project.id} reassigned to ${project.editor.name}`,
    failed: 'Failed to reassign project',
  },
  finalize: {
    question: 'Mark this project as final?',
    confirmStyle: 'btn-primary',
    consequence: 'No more drafts or feedback can be sent. A slot it holds is given back to the editor.',
    done: (project) => `Project ${project.id} marked as final`,
    failed: 'Failed to mark project as final',
  },
  withdraw: {
    question: 'Withdraw this project?',
    confirmStyle: 'btn bg-red-700 text-white hover:bg-red-800',
    consequence:
      'The project stops unfinished. A slot it holds is given back to the editor. Nothing is refunded. The family and the editor are told, with your reason.',
    done: (project) => `Project ${project.id} withdrawn`,
    failed: 'Failed to withdraw project',
  },
  'grant-round': {
    question: 'Give the family a free extra round?',
    confirmStyle: 'btn-primary',
    consequence:
      'The project is open for one more revision, at no charge, with the editor it has now (reassign it first for another). The family and the editor are told, with your reason, and the family has its days again from now.',
    done: (project) => `Project ${project.id}: a free extra round given`,
    failed: 'Failed to give a free round',
  },
  'close-help': {
    question: 'Close the request without a free round?',
    confirmStyle: 'btn-primary',
    consequence:
      'The feedback stands and the family has its days again from now. A refund, if you give one, is made on the order. The family and the editor are told, with your reason.',
    done: (project) => `Project ${project.id}: the request for help is closed`,
    failed: 'Failed to close the request',
  },
};

/** The steps that take our team's reason, read by the family and the editor, and its length. */
const REASONED: Partial<Record<AdminAction, { max: number; missing: string }>> = {
  withdraw: {
    max: DELIVERY_LIMITS.withdrawReason,
    missing: 'Say why the project is withdrawn: the family and the editor read it.',
  },
  'grant-round': { max: DELIVERY_LIMITS.helpReason, missing: 'Say why: the family and the editor read it.' },
  'close-help': { max: DELIVERY_LIMITS.helpReason, missing: 'Say why: the family and the editor read it.' },
};

const CHOOSE_EDITOR = 'Choose the editor who takes over.';

interface PanelProps {
  action: AdminAction;
  project: FullProjectView;
  /** Editors to reassign to; null while loading. */
  editors: AdminEditor[] | null;
  /** Takes the step; answers null when done (the panel closes), or what went wrong. */
  onConfirm: (details: ActionDetails) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * The confirmation of one step, in place under the project's buttons; for a reassignment it asks for
 * the new editor. Focus starts on the choice (or on Cancel, the harmless answer); Escape cancels.
 */
export function ProjectActionPanel({ action, project, editors, onConfirm, onCancel }: PanelProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [editorId, setEditorId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const texts = actionTexts[action];
  const reasoned = REASONED[action];
  // A hidden editor takes no new work.
  const others = (editors ?? []).filter((editor) => editor.id !== project.editor.id && !editor.hidden);

  useEffect(() => {
    form.current
      ?.querySelector<HTMLElement>(
        action === 'reassign' ? 'select' : REASONED[action] ? 'textarea' : 'button[type="button"]',
      )
      ?.focus();
  }, [action]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (action === 'reassign' && !editorId) {
      setProblem(CHOOSE_EDITOR);
      form.current?.querySelector('select')?.focus();
      return;
    }
    if (reasoned && !reason.trim()) {
      setProblem(reasoned.missing);
      form.current?.querySelector('textarea')?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    const failure = await onConfirm(action === 'reassign' ? { editorId } : reasoned ? { reason: reason.trim() } : {});
    // On success the panel is gone already.
    if (failure !== null) {
      setBusy(false);
      setProblem(failure);
    }
  }

  return (
    <ConfirmPanel
      id={id}
      formRef={form}
      question={texts.question}
      consequence={texts.consequence}
      confirmLabel={busy ? 'Saving...' : actionLabel[action]}
      confirmStyle={texts.confirmStyle}
      busy={busy}
      problem={problem}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {action === 'reassign' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-editor`} className="block text-sm font-semibold text-slate-800">
            New editor
          </label>
          <select
            id={`${id}-editor`}
            value={editorId}
            onChange={(e) => setEditorId(e.target.value)}
            aria-invalid={problem === CHOOSE_EDITOR || undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            className="input sm:max-w-md"
          >
            <option value="">{editors === null ? 'Loading editors...' : 'Choose an editor'}</option>
            {others.map((editor) => (
              <option key={editor.id} value={editor.id}>
                {`${editor.name} (${editor.slotsOpen} of ${editor.totalSlots} slots open)`}
              </option>
            ))}
          </select>
        </div>
      )}
      {reasoned && (
        <ReasonField
          id={id}
          max={reasoned.max}
          hint={<>In the e-mail to the family and the editor, and in the project&rsquo;s history.</>}
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (problem === reasoned.missing) setProblem('');
          }}
          invalid={problem === reasoned.missing}
          problem={problem}
        />
      )}
    </ConfirmPanel>
  );
}
