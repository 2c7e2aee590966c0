/**
 * Paging for admin lists (DESIGN §3: one blob per record, so a list can grow past thousands): the
 * server answers one page and a cursor, the browser asks for the next page when the admin wants it.
 */
import { z } from 'zod';

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** One page of a list: `nextCursor` is null on the last page; `total` counts the whole list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** `?cursor=&limit=` of a paged request. The cursor is opaque to the browser. */
export const pageQuerySchema = z.object({
  cursor: z.string().min(1, 'cursor must not be empty').max(1000, 'cursor is too long').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The query string for a page request: `?limit=50` or `?limit=50&cursor=...`. */
export function pageSearch(cursor: string | null, limit = PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `?${params}`;
}
