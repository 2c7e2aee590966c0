import { lazy, Suspense, useId, useState } from 'react';

// Loaded only when the editor opens it: the workspace's first paint carries none of it.
const SamplesPanel = lazy(() => import('./SamplesPanel'));

/** 'My sample edits' on the editor's workspace: a button that opens the panel, which reads them then. */
export function SamplesDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-labelledby="samples-heading" className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="samples-heading" className="font-serif text-2xl font-bold text-navy-900">
          My sample edits
        </h2>
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide my sample edits' : 'Show my sample edits'}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">Loading your sample edits...</p>}>
            <SamplesPanel />
          </Suspense>
        )}
      </div>
    </section>
  );
}
