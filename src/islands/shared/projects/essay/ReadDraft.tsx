import { lazy, Suspense, useId, useState } from 'react';
import { draftViewMessages } from '../../../../lib/essay-limits';

// Loaded on first opening: the project pages' first load stays as it was.
const DraftReader = lazy(() => import('./DraftReader'));

/** 'Read draft': a disclosure that shows a round's draft as text in the page. */
export function ReadDraft({ projectId, round }: { projectId: string; round: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="min-h-11 rounded-lg border border-navy-700 px-3 text-sm font-semibold text-navy-700"
      >
        {open ? 'Hide draft' : 'Read draft'}
      </button>
      <div id={id} hidden={!open}>
        {open && (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-700">
                {draftViewMessages.loading}
              </p>
            }
          >
            <DraftReader projectId={projectId} round={round} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
