import { lazy, Suspense } from 'react';

// Loaded when the tab is opened: the admin's first paint carries none of it.
const TeamPanel = lazy(() => import('./TeamPanel'));

/** The admin's Team tab: who may use the admin area, with which role. */
export function TeamTab() {
  return (
    <Suspense fallback={<p role="status">Loading the team...</p>}>
      <TeamPanel />
    </Suspense>
  );
}
