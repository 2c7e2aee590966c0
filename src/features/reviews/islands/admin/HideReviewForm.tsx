import { REVIEW_LIMITS, reviewMessages } from '../../reviews';
import { ConfirmPanel, ReasonField, useReasonConfirm } from '../../../../islands/shared/admin/ConfirmPanel';

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
  const { id, busy, problem, submit, field } = useReasonConfirm(reviewMessages.hideReasonRequired, onConfirm);

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
        {...field}
        max={REVIEW_LIMITS.hideReason}
        hint={<>It leaves the editor&rsquo;s profile and rating. The family is e-mailed this reason.</>}
      />
    </ConfirmPanel>
  );
}
