import { lazy, Suspense } from 'react';

// Loaded when the tab is opened: the admin's first paint carries none of it.
const ApplicationsPanel = lazy(() => import('./ApplicationsPanel'));

/** The admin's Applications tab: the pipeline of graduates applying to edit for us. */
export function ApplicationsTab() {
  return (
    <Suspense fallback={<p role="status">Loading applications...</p>}>
      <ApplicationsPanel />
    </Suspense>
  );
}
