import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, reviewMessages } from '../../../lib/reviews';
import { ConfirmPanel, ReasonField } from '../ConfirmPanel';

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

  return (
    <ConfirmPanel
      id={id}
      question="Hide this review?"
      confirmLabel={busy ? 'Hiding...' : 'Hide review'}
      confirmStyle="btn bg-red-700 text-white hover:bg-red-800"
      busy={busy}
      problem={problem}
      onSubmit={submit}
      onCancel={onCancel}
      className="mt-3"
    >
      <ReasonField
        id={id}
        fieldRef={reasonField}
        max={REVIEW_LIMITS.hideReason}
        hint={<>It leaves the editor&rsquo;s profile and rating. The family is e-mailed this reason.</>}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (problem === reviewMessages.hideReasonRequired) setProblem('');
        }}
        invalid={problem === reviewMessages.hideReasonRequired}
        problem={problem}
      />
    </ConfirmPanel>
  );
}
