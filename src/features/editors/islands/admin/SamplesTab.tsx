import { lazy, Suspense } from 'react';

// Loaded when the tab is opened: the admin's first paint carries none of it.
const SampleReviewPanel = lazy(() => import('./SampleReviewPanel'));

/** The admin's Sample edits tab: editors' samples to approve before they are on a profile. */
export function SamplesTab() {
  return (
    <Suspense fallback={<p role="status">Loading sample edits...</p>}>
      <SampleReviewPanel />
    </Suspense>
  );
}
