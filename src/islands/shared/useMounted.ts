import { useBrowserValue } from './useBrowserValue';

const always = () => true;

/**
 * False in the page as built and during hydration, true once the island runs: a control whose only
 * job is the script's is swapped in (or enabled) then, so the first render matches the built HTML.
 */
export function useMounted(): boolean {
  return useBrowserValue(always, false);
}
