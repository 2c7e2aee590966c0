import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import handler from '#functions/admin-orders';
import { ordersRepo, type Order } from '../../server/orders.repo';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { call, clearStore } from '#tests/functions';
import { billing, student } from '#tests/orders';

const PATH = '/api/admin/orders';
const get = async (query = '', headers?: Record<string, string>) =>
  call(handler, `${PATH}${query}`, { headers: headers ?? (await asAdmin()) });
const store = () => getStore({ name: 'orders', consistency: 'strong' });
const storedKeys = async () => (await store().list()).blobs.map((b) => b.key);
const ids = (body: { items: Order[] }) => body.items.map((o) => o.id);

const draft = (uid: string, totalCents = 30000): Parameters<ReturnType<typeof ordersRepo>['create']>[0] => ({
  customer: { uid, email: `${uid}@example.com` },
  editor: {
    id: 'maya-chen',
    name: 'Maya Chen',
    college: 'Stanford University',
    major: 'Computer Science',
    full: false,
  },
  serviceLines: [
    { id: 'common-app-essay', title: 'Common App Essay Editing', unitCents: totalCents, quantity: 1, totalCents },
  ],
  addOnLines: [],
  turnaround: { id: 'standard', label: 'Standard 3-5 days' },
  turnaroundFeeCents: 0,
  totalCents,
  student,
  billing: { ...billing, country: 'United States' },
  payment: { mode: 'test' },
});
const at = (day: number) => new Date(Date.UTC(2025, 3, day, 12));
/** Orders of two customers, one a day from April 1st; answers them oldest first. */
async function placeOrders(count: number) {
  const orders: Order[] = [];
  for (let day = 1; day <= count; day++) {
    const order = await ordersRepo().create(draft(day % 2 ? 'ann' : 'bob', day * 1000), at(day));
    await ordersRepo().publish(order);
    orders.push(order);
  }
  return orders;
}

beforeEach(() => clearStore('orders'));
afterEach(() => vi.restoreAllMocks());

describe('GET /api/admin/orders', () => {
  itRefusesAllButAdmins((headers) => get('', headers));

  it('lists every customer’s orders, whole, newest first, and no index blob', async () => {
    const [first, second, third] = await placeOrders(3);
    const keys = await storedKeys();
    expect(keys.filter((k) => k.startsWith('by-customer/'))).toHaveLength(3);
    expect(keys.filter((k) => k.startsWith('by-created/'))).toHaveLength(3);

    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ items: [third, second, first], nextCursor: null, total: 3 });
  });

  it('shows the status and payment reference once an order is paid', async () => {
    const [order] = await placeOrders(1);
    await ordersRepo().settle(order.id, 'paid', {
      sessionId: 'cs_test_123',
      paymentIntent: 'pi_123',
      paidAt: '2025-04-01T12:05:00.000Z',
    });
    const [item] = (await get()).body.items as Order[];
    expect(item).toMatchObject({
      id: order.id,
      status: 'paid',
      payment: { mode: 'test', sessionId: 'cs_test_123', paymentIntent: 'pi_123' },
    });
  });

  it('pages by cursor: each order once, in order, uncounted while more may follow', async () => {
    const orders = await placeOrders(5);
    const first = await get('?limit=2');
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    // An order placed meanwhile is newer than the cursor: it does not shift the pages that follow.
    await ordersRepo().create(draft('cy'), at(9));
    const third = await get(`?limit=2&cursor=${encodeURIComponent(second.body.nextCursor)}`);
    expect([ids(first.body), ids(second.body), ids(third.body)]).toEqual([
      [orders[4].id, orders[3].id],
      [orders[2].id, orders[1].id],
      [orders[0].id],
    ]);
    // Counting would read all of history: the browser counts once the last page is in.
    expect([first.body.total, second.body.total, third.body.total]).toEqual([null, null, null]);
    expect(third.body.nextCursor).toBeNull();
  });

  it('skips an index entry whose order was never written', async () => {
    const [order] = await placeOrders(1);
    await store().set('by-state/pending/2025-04/2025-04-05T00:00:00.000Z-BCC-GHST22', '');
    const res = await get();
    expect(ids(res.body)).toEqual([order.id]);
  });

  it('an id that is taken leaves no index entry behind', async () => {
    const [older] = await placeOrders(1);
    const sameIdFirst = new TextEncoder()
      .encode(older.id.slice(4))
      .map((c) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.indexOf(String.fromCharCode(c)));
    const spy = vi.spyOn(crypto, 'getRandomValues');
    spy.mockImplementationOnce((array) => {
      (array as Uint8Array).set(sameIdFirst);
      return array;
    });
    const newer = await ordersRepo().create(draft('bob'), at(2));
    expect(spy).toHaveBeenCalledTimes(2); // the taken id, then a free one
    expect(newer.id).not.toBe(older.id);
    expect((await storedKeys()).filter((k) => k.startsWith('by-created/')).sort()).toEqual([
      `by-created/${older.createdAt}-${older.id}`,
      `by-created/${newer.createdAt}-${newer.id}`,
    ]);
    expect(ids((await get()).body)).toEqual([newer.id, older.id]);
  });

  it('lists an order stored without its keys once they are rebuilt (npm run reindex)', async () => {
    const [indexed] = await placeOrders(1);
    expect(ids((await get()).body)).toEqual([indexed.id]);
    const legacy = { ...indexed, id: 'BCC-OLD234', createdAt: '2025-03-01T00:00:00.000Z' };
    await store().setJSON(legacy.id, legacy);
    expect(ids((await get()).body)).toEqual([indexed.id]);
    await ordersRepo().rebuildKept();
    expect(ids((await get()).body)).toEqual([indexed.id, legacy.id]);
  });

  it('shows an order once, under the time it was placed, whatever stray key names it', async () => {
    const [order] = await placeOrders(1);
    // A key a cut write left: the order's id, another time, another state.
    await store().set(`by-state/failed/2025-04/2025-04-09T00:00:00.000Z-${order.id}`, '');
    expect(ids((await get()).body)).toEqual([order.id]);
  });

  it.each([
    ['?limit=0', /^limit must be at least 1/],
    ['?limit=201', /^limit must be at most 200/],
    ['?limit=1.5', /^limit must be a whole number/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });

  it('answers 405 for other methods', async () => {
    const res = await call(handler, PATH, { method: 'POST', json: {}, headers: await asAdmin() });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: 'Method POST not allowed' });
  });
});
