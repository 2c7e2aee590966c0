import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * A step our team confirms in place, under the thing it acts on: the question, what the step does,
 * the fields it needs, what went wrong, and the confirming and Cancel buttons. Escape anywhere in it
 * cancels, as in a dialog. `id` prefixes the ids of its parts: `<id>-problem` describes a field in error.
 */
export function ConfirmPanel({
  id,
  question,
  consequence,
  confirmLabel,
  confirmStyle,
  busy,
  problem,
  onSubmit,
  onCancel,
  formRef,
  className = 'mt-4',
  children,
}: {
  id: string;
  question: string;
  consequence?: string;
  confirmLabel: string;
  confirmStyle: string;
  busy: boolean;
  problem: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  formRef?: RefObject<HTMLFormElement | null>;
  className?: string;
  children?: ReactNode;
}) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  }

  return (
    // Escape anywhere in the form cancels it, as in a dialog.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-question`}
      aria-describedby={consequence ? `${id}-consequence` : undefined}
      className={`${className} space-y-3 rounded-lg border border-navy-200 bg-navy-50 p-4`}
    >
      <p id={`${id}-question`} className="font-semibold text-navy-900">
        {question}
      </p>
      {consequence && (
        <p id={`${id}-consequence`} className="text-sm text-slate-700">
          {consequence}
        </p>
      )}
      {children}
      <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem}
      </p>
      <div className="flex flex-wrap gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the step is saved. */}
        <button
          type="submit"
          className={`${confirmStyle} min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60`}
          aria-disabled={busy}
        >
          {confirmLabel}
        </button>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The reason a step asks for, with who reads it: marked invalid while `invalid` says it is missing. */
export function ReasonField({
  id,
  max,
  hint,
  value,
  onChange,
  invalid,
  problem,
  fieldRef,
}: {
  id: string;
  max: number;
  hint: ReactNode;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  problem: string;
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-800">
        Reason<span aria-hidden="true"> *</span>
      </label>
      <textarea
        id={`${id}-reason`}
        ref={fieldRef}
        required
        rows={2}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-reason-hint${problem ? ` ${id}-problem` : ''}`}
        className="input min-h-16"
      />
      <p id={`${id}-reason-hint`} className="text-sm text-slate-700">
        {hint} At most {max} characters.
      </p>
    </div>
  );
}

/**
 * The state of a panel that asks only for a reason: focus starts on it, a missing one is said with
 * `required` and focused, and `onConfirm` (null when done, else what went wrong) runs once at a time.
 * Answers what ConfirmPanel and ReasonField need from it.
 */
export function useReasonConfirm(required: string, onConfirm: (reason: string) => Promise<string | null>) {
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => fieldRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setProblem(required);
      fieldRef.current?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    const failure = await onConfirm(reason.trim());
    // On success the panel is gone already.
    if (failure !== null) {
      setBusy(false);
      setProblem(failure);
    }
  }

  const field = {
    id,
    fieldRef,
    value: reason,
    onChange: (value: string) => {
      setReason(value);
      if (problem === required) setProblem('');
    },
    invalid: problem === required,
    problem,
  };
  return { id, busy, problem, submit, field };
}
