/**
 * Paging for admin lists (one blob per record, so a list can grow past thousands): the
 * server answers one page and a cursor, the browser asks for the next page when the admin wants it.
 * Without zod, so the admin island can use it; paging.ts re-exports it beside the query schema.
 */

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/**
 * One page of a list: `nextCursor` is null on the last page; `total` counts the whole list, or is null
 * where counting would read all of history (a list read newest month first).
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
  /** A search that stopped at what it may read: more may match than it answered. */
  more?: true;
}

/** The query string for a page request: `?limit=50` or `?limit=50&cursor=...`. */
export function pageSearch(cursor: string | null, limit = PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `?${params}`;
}
