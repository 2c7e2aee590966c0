/**
 * A list that arrives a page at a time (src/lib/paged-list.ts): the first page on mount, the next one
 * when the admin asks for more. Answers that arrive after a reload started are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../client/api';
import type { Page } from '../../../lib/paged-list';

export type PageLoader<T> = (cursor: string | null) => Promise<ApiResult<Page<T>>>;

interface PagedState<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
}

/** `loadPage` and `onError` must be stable (module functions or memoised). */
export function usePagedList<T>(loadPage: PageLoader<T>, onError: () => void) {
  const [state, setState] = useState<PagedState<T>>({
    items: [],
    total: 0,
    nextCursor: null,
    status: 'loading',
    loadingMore: false,
  });
  const generation = useRef(0);

  // A reload starts from a fresh first page: what was shown may belong to another query (a filter).
  const reload = useCallback(async () => {
    const current = ++generation.current;
    setState({ items: [], total: 0, nextCursor: null, status: 'loading', loadingMore: false });
    const result = await loadPage(null);
    if (current !== generation.current) return;
    if (!result.ok) {
      setState((s) => ({ ...s, status: 'failed' }));
      return onError();
    }
    const { items, total, nextCursor } = result.data;
    setState({ items, total, nextCursor, status: 'ready', loadingMore: false });
  }, [loadPage, onError]);

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
    setState((s) => ({ ...s, items: [...s.items, ...items], total, nextCursor, loadingMore: false }));
  }, [loadPage, onError, state.nextCursor, state.loadingMore]);

  /** Puts a changed item in place of the one `isSame` finds, without reloading the pages. */
  const replaceItem = useCallback((isSame: (item: T) => boolean, next: T) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (isSame(item) ? next : item)) }));
  }, []);

  /** Takes out an item the server removed, without reloading the pages. */
  const removeItem = useCallback((isSame: (item: T) => boolean) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => !isSame(item)), total: Math.max(0, s.total - 1) }));
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, hasMore: state.nextCursor !== null, reload, loadMore, replaceItem, removeItem };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
