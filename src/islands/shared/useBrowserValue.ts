import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * What only the browser knows (the visitor's time zone, the page's address): `built` in the page as
 * built and while it hydrates, so the first render matches the built HTML; `read()` from the render
 * right after, and at once in what mounts later. `read` must give the same value each time it is
 * asked (a string, a boolean), as nothing tells React it changed.
 */
export function useBrowserValue<T>(read: () => T, built: T): T {
  return useSyncExternalStore(nothingToWatch, read, () => built);
}
