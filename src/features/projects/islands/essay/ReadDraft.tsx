import { lazy, Suspense, useId, useState } from 'react';
import { draftViewMessages } from '#features/essay/essay-limits';
import type { DraftReading } from './reading';

// Loaded on first opening: the project pages' first load stays as it was.
const DraftReader = lazy(() => import('./DraftReader'));

/**
 * 'Read draft': a disclosure that shows a round's draft as text in the page. `labels` name it
 * otherwise (a pasted draft, already shown, opens here for its comments); `onToggle` hears it;
 * `opened` opens it at once.
 */
export function ReadDraft({
  labels = { open: 'Read draft', close: 'Hide draft' },
  onToggle,
  opened = false,
  ...reading
}: DraftReading & {
  labels?: { open: string; close: string };
  onToggle?: (open: boolean) => void;
  opened?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(opened);
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
          onToggle?.(!open);
        }}
        className="min-h-11 rounded-lg border border-navy-700 px-3 text-sm font-semibold text-navy-700"
      >
        {open ? labels.close : labels.open}
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
            <DraftReader {...reading} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
