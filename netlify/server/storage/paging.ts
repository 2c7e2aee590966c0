/**
 * Reads a store one page at a time. Blobs' own list cursor is not exposed by the client library, so a
 * page is "the keys after the cursor key": list the keys (cheap, 1,000 per request to Blobs), sort
 * them, and fetch only the records of this page. Stable under inserts and deletes between pages;
 * see docs/decisions/006-admin-paging.md.
 */
import type { Store } from './stores';
import type { Page, PageQuery } from '#lib/paging';

export interface PageOptions {
  /** 'asc' for key order; 'desc' for newest first when keys start with an ISO time. */
  order?: 'asc' | 'desc';
  /** Only keys under this prefix (e.g. one editor's waitlist, 'maya-chen/'). */
  prefix?: string;
}

/** Every key of the store (or under `prefix`), sorted. */
export async function listKeys(store: Store, { order = 'asc', prefix }: PageOptions = {}): Promise<string[]> {
  const { blobs } = await store.list(prefix ? { prefix } : undefined);
  const keys = blobs.map((b) => b.key).sort();
  return order === 'desc' ? keys.reverse() : keys;
}

/** Reads the JSON records of `keys`, a few at a time, in order; records deleted meanwhile are skipped. */
export async function readRecords<T>(
  store: Store,
  keys: string[],
  concurrency = 32,
): Promise<{ key: string; value: T }[]> {
  const values: (T | null)[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const i = next++;
      values[i] = (await store.get(keys[i], { type: 'json' })) as T | null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return keys.flatMap((key, i) => (values[i] === null ? [] : [{ key, value: values[i] as T }]));
}

/** The keys of one page of `keys` (sorted in `order`): the `limit` keys after `query.cursor`. */
export function pageOfKeys(
  keys: string[],
  { cursor, limit }: PageQuery,
  order: PageOptions['order'] = 'asc',
): Page<string> {
  const after = (key: string) => (order === 'desc' ? key < cursor! : key > cursor!);
  const start = cursor === undefined ? 0 : keys.findIndex(after);
  const items = start === -1 ? [] : keys.slice(start, start + limit);
  const hasMore = start !== -1 && start + limit < keys.length;
  return { items, nextCursor: hasMore ? items[items.length - 1] : null, total: keys.length };
}

/** One page of records after `query.cursor`, each mapped by `toItem`. */
export async function readPage<T, R>(
  store: Store,
  query: PageQuery,
  toItem: (value: T, key: string) => R,
  options: PageOptions = {},
): Promise<Page<R>> {
  const page = pageOfKeys(await listKeys(store, options), query, options.order);
  const records = await readRecords<T>(store, page.items);
  return { ...page, items: records.map(({ key, value }) => toItem(value, key)) };
}

/** Whether a list request asks for a page (`?cursor=` or `?limit=`) rather than the whole list. */
export const wantsPage = (url: URL) => url.searchParams.has('cursor') || url.searchParams.has('limit');
