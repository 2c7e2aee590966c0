/**
 * A list that arrives a page at a time (src/lib/paged-list.ts): the first page on mount, the next one
 * when the admin asks for more. Answers that arrive after a reload started are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '#client/api';
import type { Page } from '#lib/paged-list';

export type PageLoader<T> = (cursor: string | null) => Promise<ApiResult<Page<T>>>;

interface PagedState<T> {
  items: T[];
  /** Null while the server has not counted the list (it reads the newest months only). */
  total: number | null;
  nextCursor: string | null;
  /** A search answered what it could read, and more may match: another word narrows it. */
  more: boolean;
  status: 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
}

const nothingYet = <T>(): PagedState<T> => ({
  items: [],
  total: 0,
  nextCursor: null,
  more: false,
  status: 'loading',
  loadingMore: false,
});

/** The server's count, or once the last page is in, the items shown. */
const counted = (total: number | null, nextCursor: string | null, shown: number) =>
  total ?? (nextCursor === null ? shown : null);

/** `loadPage` and `onError` must be stable (module functions or memoised). */
export function usePagedList<T>(loadPage: PageLoader<T>, onError: () => void) {
  const [state, setState] = useState<PagedState<T>>(nothingYet);
  const generation = useRef(0);

  // A new loader (another filter) starts from a fresh first page: what was shown belongs to another query.
  // The list is emptied in the same render; the effect fetches the page.
  const [shownLoader, setShownLoader] = useState(() => loadPage);
  if (shownLoader !== loadPage) {
    setShownLoader(() => loadPage);
    setState(nothingYet());
  }

  const loadFirstPage = useCallback(() => {
    const current = ++generation.current;
    return loadPage(null).then((result) => {
      if (current !== generation.current) return;
      if (!result.ok) {
        setState((s) => ({ ...s, status: 'failed' }));
        return onError();
      }
      const { items, total, nextCursor, more } = result.data;
      setState({
        items,
        total: counted(total, nextCursor, items.length),
        nextCursor,
        more: more === true,
        status: 'ready',
        loadingMore: false,
      });
    });
  }, [loadPage, onError]);

  const reload = useCallback(() => {
    setState(nothingYet());
    return loadFirstPage();
  }, [loadFirstPage]);

  const loadMore = useCallback(async () => {
    const current = generation.current;
    const cursor = state.nextCursor;
    if (!cursor || state.loadingMore) return;
    setState((s) => ({ ...s, loadingMore: true }));
    const result = await loadPage(cursor);
    if (current !== generation.current) return;
    if (!result.ok) {
      setState((s) => ({ ...s, loadingMore: false }));
      return onError();
    }
    const { items, total, nextCursor } = result.data;
    setState((s) => ({
      ...s,
      items: [...s.items, ...items],
      total: counted(total, nextCursor, s.items.length + items.length),
      nextCursor,
      loadingMore: false,
    }));
  }, [loadPage, onError, state.nextCursor, state.loadingMore]);

  /** Puts a changed item in place of the one `isSame` finds, without reloading the pages. */
  const replaceItem = useCallback((isSame: (item: T) => boolean, next: T) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (isSame(item) ? next : item)) }));
  }, []);

  /** Takes out an item the server removed, without reloading the pages. */
  const removeItem = useCallback((isSame: (item: T) => boolean) => {
    setState((s) => ({
      ...s,
      items: s.items.filter((item) => !isSame(item)),
      total: s.total === null ? null : Math.max(0, s.total - 1),
    }));
  }, []);

  useEffect(() => {
    void loadFirstPage();
  }, [loadFirstPage]);

  return { ...state, hasMore: state.nextCursor !== null, reload, loadMore, replaceItem, removeItem };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
