import { beforeAll, describe, expect, it } from 'vitest';
import { pageQuerySchema, type PageQuery } from '../../src/lib/paging';
import { readPage } from '../../netlify/server/storage/paging';
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

  it('a cursor past the end answers an empty last page', async () => {
    const page = await readPage(store(), query({ cursor: '9999' }), (v: { n: number }) => v.n);
    expect(page).toEqual({ items: [], nextCursor: null, total: COUNT });
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
