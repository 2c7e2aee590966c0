import { useEffect, useState } from 'react';

/**
 * False in the page as built and during hydration, true once the island runs: a control whose only
 * job is the script's is swapped in (or enabled) then, so the first render matches the built HTML.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
