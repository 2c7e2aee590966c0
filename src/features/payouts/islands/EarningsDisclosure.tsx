import { lazy, Suspense, useId, useState } from 'react';

// Loaded only when the editor opens it: the workspace's first paint carries none of it.
const EarningsPanel = lazy(() => import('./EarningsPanel'));

/** 'My earnings' on the editor's workspace: a button that opens the panel, which reads the ledger then. */
export function EarningsDisclosure() {
  // Open when back from Stripe's onboarding (or its expired link): the bank account is in the panel.
  // Shown only once the inbox has loaded, never in the server's HTML, so reading the address is safe.
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('payouts'),
  );
  const panelId = useId();
  return (
    <section
      id="earnings"
      aria-labelledby="earnings-heading"
      className="space-y-3 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-heading" className="font-serif text-2xl font-bold text-navy-900">
          My earnings
        </h2>
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide my earnings' : 'Show my earnings'}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">Loading your earnings...</p>}>
            <EarningsPanel />
          </Suspense>
        )}
      </div>
    </section>
  );
}
