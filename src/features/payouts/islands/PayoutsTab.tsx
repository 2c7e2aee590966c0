import { lazy, Suspense } from 'react';

// Loaded when the tab is opened: the admin's first paint carries none of it.
const PayoutsPanel = lazy(() => import('./PayoutsPanel'));

/** The admin's Payouts tab. */
export function PayoutsTab() {
  return (
    <Suspense fallback={<p role="status">Loading payouts...</p>}>
      <PayoutsPanel />
    </Suspense>
  );
}
