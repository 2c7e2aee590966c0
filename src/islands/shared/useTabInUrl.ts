/**
 * The open tab of a page kept in its URL (`?tab=projects`), so a reload shows the same tab and Back
 * returns to the one before. Read through useSyncExternalStore: while hydrating React takes the
 * server snapshot (no tab named: the first), as the build rendered it (decision 015), then the URL's.
 */
import { useSyncExternalStore } from 'react';

const PARAM = 'tab';
/** pushState fires no event: the hook's own changes are announced here. */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The tab `search` names when it is one of `ids`; otherwise the first. */
export function tabFromSearch(search: string, ids: readonly string[]): string {
  const wanted = new URLSearchParams(search).get(PARAM);
  return wanted !== null && ids.includes(wanted) ? wanted : ids[0];
}

/**
 * `href` naming tab `id`, its hash kept. The other parameters are the filters a link opened the last
 * tab with (`?tab=orders&state=declined`): another tab starts unfiltered.
 */
export function hrefWithTab(href: string, id: string): string {
  const url = new URL(href);
  url.search = new URLSearchParams({ [PARAM]: id }).toString();
  return url.href;
}

/** The selected tab of `ids` and a way to select another (a new history entry, so Back returns). */
export function useTabInUrl(ids: readonly string[]): [string, (id: string) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => location.search,
    () => '',
  );
  function select(id: string) {
    if (tabFromSearch(location.search, ids) === id) return;
    history.pushState(history.state, '', hrefWithTab(location.href, id));
    listeners.forEach((listener) => listener());
  }
  return [tabFromSearch(search, ids), select];
}
