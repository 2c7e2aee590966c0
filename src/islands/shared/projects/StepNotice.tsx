import { forwardRef } from 'react';
import type { StepNotice as Notice } from './useProjectStep';

/**
 * How the last step went, in live regions that are always in the page (so they are announced):
 * errors interrupt, confirmations wait their turn. Focusable, so focus can land here when the
 * control that was used is gone.
 */
export const StepNotice = forwardRef<HTMLDivElement, { notice: Notice }>(function StepNotice({ notice }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 empty:hidden">
        {notice?.kind === 'error' ? notice.text : ''}
      </p>
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900 empty:hidden">
        {notice?.kind === 'success' ? notice.text : ''}
      </p>
    </div>
  );
});
