import { beforeAll, describe, expect, it } from 'vitest';
import { pageQuerySchema, type PageQuery } from '../../src/lib/paging';
import { monthFolderKey, newestPage, readPage } from '../../netlify/server/storage/paging';
import { trustedStore } from '../../netlify/server/storage/store';
import { clearStore } from '../helpers/functions';

const COUNT = 1_234;
/** Keys shaped like the append-only stores' (ISO time + suffix), so key order is time order. */
const keyOf = (i: number) =>
  `${new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()}-${String(i).padStart(4, '0')}`;
const store = () => trustedStore('paging-test');
const query = (q: Partial<PageQuery> = {}) => pageQuerySchema.parse(q);

/** Walks every page the way the browser's 'Load more' does; answers the pages' sizes and all items. */
async function walk(q: Partial<PageQuery>, order: 'asc' | 'desc' = 'asc', prefix?: string) {
  const sizes: number[] = [];
  const items: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(store(), query({ ...q, cursor }), (v: { n: number }) => v.n, { order, prefix });
    sizes.push(page.items.length);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { sizes, items };
}

beforeAll(async () => {
  await clearStore('paging-test');
  const keys = Array.from({ length: COUNT }, (_, i) => i);
  for (let i = 0; i < keys.length; i += 100) {
    await Promise.all(keys.slice(i, i + 100).map((n) => store().setJSON(keyOf(n), { n })));
  }
}, 120_000);

describe(`paging through ${COUNT} records (more than Blobs' 1,000 keys per list request)`, () => {
  it('answers one page, the total and a cursor', async () => {
    const page = await readPage(store(), query({ limit: 50 }), (v: { n: number }) => v.n);
    expect(page.items).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(page.total).toBe(COUNT);
    expect(page.nextCursor).toBe(keyOf(49));
  });

  it('visits every record exactly once, in key order, 200 at a time', async () => {
    const { sizes, items } = await walk({ limit: 200 });
    expect(sizes).toEqual([200, 200, 200, 200, 200, 200, 34]);
    expect(items).toEqual(Array.from({ length: COUNT }, (_, i) => i));
  });

  it('pages newest first', async () => {
    const { items } = await walk({ limit: 200 }, 'desc');
    expect(items).toEqual(Array.from({ length: COUNT }, (_, i) => COUNT - 1 - i));
  });

  it('pages under a prefix only', async () => {
    // Keys of 2025-01-01T00:0x: minutes 0-9.
    const { items } = await walk({ limit: 3 }, 'asc', '2025-01-01T00:0');
    expect(items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a page boundary does not move when records are added or deleted before it', async () => {
    const first = await readPage(store(), query({ limit: 10 }), (v: { n: number }) => v.n);
    await store().delete(keyOf(3));
    await store().setJSON('2024-12-31T00:00:00.000Z-new', { n: -1 });
    const second = await readPage(store(), query({ limit: 10, cursor: first.nextCursor! }), (v: { n: number }) => v.n);
    expect(second.items).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(second.total).toBe(COUNT);
    await store().delete('2024-12-31T00:00:00.000Z-new');
    await store().setJSON(keyOf(3), { n: 3 });
  });

  it('lists up to a number of keys, and says whether there may be more', async () => {
    const all = await store().listUpTo('2025-01-01T00:0', 1000);
    expect({ keys: [...all.keys].sort(), more: all.more }).toEqual({
      keys: Array.from({ length: 10 }, (_, i) => keyOf(i)),
      more: false,
    });
    const some = await store().listUpTo('2025', 1000);
    expect({ count: some.keys.length, more: some.more }).toEqual({ count: 1000, more: true });
    expect(new Set(some.keys).size).toBe(1000);
  });

  it('a cursor past the end answers an empty last page', async () => {
    const page = await readPage(store(), query({ cursor: '9999' }), (v: { n: number }) => v.n);
    expect(page).toEqual({ items: [], nextCursor: null, total: COUNT });
  });
});

describe('a list kept in month folders, read newest month first', () => {
  const folders = () => trustedStore('month-folders-test');
  /** The store, counting its listings by prefix. */
  const counted = () => {
    const store = folders();
    const listed: string[] = [];
    return {
      listed,
      store: {
        ...store,
        list: (options?: { prefix?: string; directories?: boolean }) => {
          listed.push(`${options?.prefix}${options?.directories ? ' (folders)' : ''}`);
          return store.list(options);
        },
      },
    };
  };
  // 2024-06 to 2025-07 under 'a', each month i with (i * 7) % 11 keys (some none); 'b' holds every third key.
  const months = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2024, 5 + i)).toISOString().slice(0, 7));
  const keysOf = (month: string, i: number) =>
    Array.from(
      { length: (i * 7) % 11 },
      (_, n) => `${month}-${String(n + 1).padStart(2, '0')}T10:00:00.000Z-k${i}x${n}`,
    );
  const all = months.flatMap(keysOf);
  const inB = all.filter((_, n) => n % 3 === 0);
  const newestFirst = (keys: string[]) => [...keys].sort().reverse();

  async function walkFolders(roots: string[], limit: number, match: 'any' | 'all' = 'any') {
    const seen: string[] = [];
    const totals: (number | null)[] = [];
    let cursor: string | undefined;
    do {
      const page = await newestPage(folders(), roots, query({ limit, cursor }), match);
      seen.push(...page.items);
      totals.push(page.total);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { seen, totals };
  }

  beforeAll(async () => {
    await clearStore('month-folders-test');
    await Promise.all([
      ...all.map((key) => folders().set(monthFolderKey('a', key), '')),
      ...inB.map((key) => folders().set(monthFolderKey('b/x', key), '')),
    ]);
  });

  it.each([1, 4, 50])('visits every key once, newest first, %i at a time, across empty months', async (limit) => {
    const { seen } = await walkFolders(['a'], limit);
    expect(seen).toEqual(newestFirst(all));
  });

  it('a first page lists the folders and only the newest months it needs', async () => {
    const { store, listed } = counted();
    // The newest month, 2025-07, holds (13 * 7) % 11 = 3 keys; 2025-06, 7.
    const page = await newestPage(store, ['a'], query({ limit: 5 }));
    expect(page.items).toEqual(newestFirst(all).slice(0, 5));
    expect(listed).toEqual(['a/ (folders)', 'a/2025-07/', 'a/2025-06/']);
    expect(page.total).toBeNull();
    expect(page.nextCursor).toBe(page.items[4]);
  });

  it('counts the list when one page holds all of it, and not on a later page', async () => {
    expect((await newestPage(folders(), ['a'], query({ limit: 200 }))).total).toBe(all.length);
    expect((await walkFolders(['a'], 30)).totals.every((total) => total === null)).toBe(true);
  });

  it("'any' shows a key under several roots once; 'all' only the keys under every root", async () => {
    expect((await walkFolders(['a', 'b/x'], 7)).seen).toEqual(newestFirst(all));
    expect((await walkFolders(['a', 'b/x'], 7, 'all')).seen).toEqual(newestFirst(inB));
    expect((await walkFolders(['b/x', 'nothing'], 7, 'all')).seen).toEqual([]);
  });

  it('a page boundary does not move when keys are added after it or deleted before it; an emptied month is skipped', async () => {
    const first = await newestPage(folders(), ['a'], query({ limit: 4 }));
    const newer = monthFolderKey('a', '2025-08-01T00:00:00.000Z-new');
    await folders().set(newer, '');
    const emptied = months[10]; // 2025-04, past the cursor: its keys go
    await Promise.all(keysOf(emptied, 10).map((key) => folders().delete(monthFolderKey('a', key))));
    const second = await newestPage(folders(), ['a'], query({ limit: 20, cursor: first.nextCursor! }));
    const expected = newestFirst(all).filter((key) => !key.startsWith(emptied));
    expect(second.items).toEqual(expected.slice(4, 24));
    await folders().delete(newer);
    await Promise.all(keysOf(emptied, 10).map((key) => folders().set(monthFolderKey('a', key), '')));
  });
});

describe('the page query', () => {
  it('defaults the limit and reads it from a query string', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(pageQuerySchema.parse({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' });
  });

  it.each([{ limit: '0' }, { limit: '201' }, { limit: 'ten' }, { limit: '1.5' }, { cursor: '' }])('refuses %j', (q) => {
    expect(pageQuerySchema.safeParse(q).success).toBe(false);
  });
});
