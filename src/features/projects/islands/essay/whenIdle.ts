/**
 * Runs `work` once the page has nothing better to do (within a second at the latest); Safari has no
 * idle callback and waits a moment instead. Returns the cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
