import { forwardRef } from 'react';
import { Notice } from '../../../islands/shared/Notice';
import type { StepNotice as StepNoticeValue } from './useProjectStep';

/** How the last step went. Focusable, so focus can land here when the control that was used is gone. */
export const StepNotice = forwardRef<HTMLDivElement, { notice: StepNoticeValue }>(function StepNotice({ notice }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <Notice notice={notice} boxed />
    </div>
  );
});
