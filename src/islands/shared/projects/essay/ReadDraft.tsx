import { lazy, Suspense, useId, useState } from 'react';
import type { ProjectAction, Round } from '../../../../lib/delivery';
import { draftViewMessages } from '../../../../lib/essay-limits';

// Loaded on first opening: the project pages' first load stays as it was.
const DraftReader = lazy(() => import('./DraftReader'));

/** How the draft view takes the comment steps: the project's actions and its step runner. */
export interface EssaySteps {
  actions: readonly ProjectAction[];
  run: (action: ProjectAction, body: object) => Promise<boolean>;
  busy: boolean;
}

/** A round's draft to read: `current` is the project's last round, `previous` the one before it, if any. */
export interface DraftReading {
  projectId: string;
  round: Round;
  previous?: Round;
  current: boolean;
  steps?: EssaySteps;
}

/**
 * 'Read draft': a disclosure that shows a round's draft as text in the page. `labels` name it
 * otherwise (a pasted draft, already shown, opens here for its comments); `onToggle` hears it.
 */
export function ReadDraft({
  labels = { open: 'Read draft', close: 'Hide draft' },
  onToggle,
  ...reading
}: DraftReading & { labels?: { open: string; close: string }; onToggle?: (open: boolean) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
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
