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

/**
 * Reads at once for a period's records (an export, a day's first count): a month of a busy site is
 * thousands of records, and each read is a round trip (40 ms): 4,400 at 128 at a time take about 1.4 s.
 */
export const PERIOD_READS_AT_ONCE = 128;

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

/**
 * `<root>/<YYYY-MM>/<key>` for a key that starts with its time (an ISO instant): a list kept in month
 * folders, so its newest page reads its newest months, not its history (`newestPage`).
 */
export const monthFolderKey = (root: string, key: string) => `${root}/${key.slice(0, 7)}/${key}`;

const MONTH = /^\d{4}-\d{2}$/;
/** The month folders under `root` (one listing request per 1,000 months), oldest first. */
async function monthsUnder(store: Store, root: string): Promise<string[]> {
  const { directories } = await store.list({ prefix: `${root}/`, directories: true });
  // Blobs names a folder by its whole path; its last part is the month.
  return directories
    .map((folder) => folder.replace(/\/$/, ''))
    .map((folder) => folder.slice(folder.lastIndexOf('/') + 1))
    .filter((month) => MONTH.test(month))
    .sort();
}

/**
 * One page, newest first, of the keys kept in month folders under `roots` (monthFolderKey): those under
 * any root (`match` 'any') or under every one ('all'). It lists each root's months, then their keys a
 * month at a time from the cursor's month back, and stops once the page and one more key are found:
 * the cost follows the months the page spans, not how many came before. The total is known when the
 * walk read the whole list (a first page that ran out of months); otherwise it is null.
 */
export async function newestPage(
  store: Store,
  roots: readonly string[],
  { cursor, limit }: PageQuery,
  match: 'any' | 'all' = 'any',
): Promise<Page<string>> {
  const perRoot = await Promise.all(roots.map((root) => monthsUnder(store, root)));
  const months = (
    match === 'any'
      ? [...new Set(perRoot.flat())]
      : perRoot[0].filter((month) => perRoot.every((list) => list.includes(month)))
  )
    .sort()
    .reverse()
    .filter((month) => cursor === undefined || month <= cursor.slice(0, 7));
  const found: string[] = [];
  let walked = 0;
  for (const month of months) {
    walked += 1;
    const lists = await Promise.all(
      roots.map(async (root) =>
        (await listKeys(store, { prefix: `${root}/${month}/` })).map((key) => key.slice(root.length + 9)),
      ),
    );
    const others = lists.slice(1).map((list) => new Set(list));
    const inMonth =
      match === 'any' ? new Set(lists.flat()) : new Set(lists[0].filter((key) => others.every((set) => set.has(key))));
    found.push(
      ...[...inMonth]
        .filter((key) => cursor === undefined || key < cursor)
        .sort()
        .reverse(),
    );
    if (found.length > limit) break;
  }
  const items = found.slice(0, limit);
  const whole = cursor === undefined && walked === months.length && found.length <= limit;
  return {
    items,
    nextCursor: found.length > limit ? items[items.length - 1] : null,
    total: whole ? found.length : null,
  };
}

/** Whether a list request asks for a page (`?cursor=` or `?limit=`) rather than the whole list. */
export const wantsPage = (url: URL) => url.searchParams.has('cursor') || url.searchParams.has('limit');
