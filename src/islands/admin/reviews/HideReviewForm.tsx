import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { REVIEW_LIMITS, reviewMessages } from '../../../lib/reviews';

/**
 * Asks why a published review is hidden (the family reads the reason), in place under the review.
 * Focus starts on the reason; Escape cancels. `onConfirm` answers null when done, else what went wrong.
 */
export function HideReviewForm({
  onConfirm,
  onCancel,
}: {
  onConfirm: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const id = useId();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => reasonField.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setProblem(reviewMessages.hideReasonRequired);
      reasonField.current?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    const failure = await onConfirm(reason.trim());
    // On success the form is gone already.
    if (failure !== null) {
      setBusy(false);
      setProblem(failure);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  }

  return (
    // Escape anywhere in the form cancels it, as in a dialog.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-question`}
      className="mt-3 space-y-3 rounded-lg border border-navy-200 bg-navy-50 p-4"
    >
      <p id={`${id}-question`} className="font-semibold text-navy-900">
        Hide this review?
      </p>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-800">
          Reason<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-reason`}
          ref={reasonField}
          required
          rows={2}
          maxLength={REVIEW_LIMITS.hideReason}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (problem === reviewMessages.hideReasonRequired) setProblem('');
          }}
          aria-invalid={problem === reviewMessages.hideReasonRequired || undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          className="input min-h-16"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          It leaves the editor&rsquo;s profile and rating. The family is e-mailed this reason. At most{' '}
          {REVIEW_LIMITS.hideReason} characters.
        </p>
      </div>
      <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem}
      </p>
      <div className="flex flex-wrap gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the step is saved. */}
        <button
          type="submit"
          className="btn bg-red-700 text-white hover:bg-red-800 min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
          aria-disabled={busy}
        >
          {busy ? 'Hiding...' : 'Hide review'}
        </button>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
