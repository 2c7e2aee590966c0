import { lazy, Suspense } from 'react';

// Loaded when the tab is opened: /admin opens on Today, and its first paint carries none of it.
const ReportsPanel = lazy(() => import('./ReportsPanel'));

/** The admin's Reports tab: the months at a glance, the editors, the exports and the backups. */
export function ReportsTab() {
  return (
    <Suspense fallback={<p role="status">Loading reports...</p>}>
      <ReportsPanel />
    </Suspense>
  );
}
