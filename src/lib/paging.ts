/**
 * Paging for admin lists (paged-list.ts) and what a page request's query may hold, which the
 * functions parse; the admin island imports paged-list.ts, not this file, which would bring zod along.
 */
import { z } from './zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './paged-list';

export * from './paged-list';

/** `?cursor=&limit=` of a paged request. The cursor is opaque to the browser. */
export const pageQuerySchema = z.object({
  cursor: z.string().min(1, 'cursor must not be empty').max(1000, 'cursor is too long').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
