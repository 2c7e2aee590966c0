/**
 * The owner's order filters read the orders they could match, not every order: a state's page, an
 * editor's (with a state or not), the orders whose refund failed, and the orders paid in a period. The
 * keys follow each order as it changes, and GET /api/admin/orders answers with them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import handler from '#functions/admin-orders';
import { ordersRepo, type Order } from '../../server/orders.repo';
import { reportMessages } from '#features/admin/reports';
import { searchMessages } from '#features/admin/search';
import { asAdmin } from '#tests/admin-access';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { call } from '#tests/functions';
import { storePaidOrder, storeRefund } from '#tests/reports';

const blobs = useAtomicBlobsServer();
const HISTORY = 40;
const SOFIA = { id: 'sofia-ramirez', name: 'Sofia Ramirez' };

/** Last year's paid orders with Maya; this March, Sofia's two, one refunded in full, and one whose refund failed. */
async function seed() {
  for (let n = 0; n < HISTORY; n++)
    await storePaidOrder(new Date(Date.parse('2025-03-01T15:00:00.000Z') + n * 86_400_000).toISOString(), 10000);
  const sofias = [
    await storePaidOrder('2026-03-02T15:00:00.000Z', 10000, {}, SOFIA),
    await storePaidOrder('2026-03-03T15:00:00.000Z', 10000, {}, SOFIA),
  ];
  await storeRefund(sofias[1].id, 10000, '2026-03-04T15:00:00.000Z');
  const failed = await storePaidOrder('2026-03-05T15:00:00.000Z', 20000);
  await storeRefund(failed.id, 5000, '2026-03-06T15:00:00.000Z', 'failed');
  return { sofias, failed };
}

const orderReads = () =>
  blobs.takeRequests().filter((r) => r.method === 'GET' && r.store.endsWith('orders') && /^BCC-/.test(r.key));
const ids = (orders: Order[]) => orders.map((o) => o.id);

beforeEach(() => blobs.reset());

describe("the owner's order filters", () => {
  it('read what they could match, however many orders came before', async () => {
    const { sofias, failed } = await seed();
    const repo = ordersRepo();
    await repo.pageFiltered({ limit: 1 }, { state: 'paid' }); // builds the keys, once
    blobs.takeRequests();

    const refunded = await repo.pageFiltered({ limit: 20 }, { state: 'refunded' });
    expect(ids(refunded.items)).toEqual([sofias[1].id]);
    expect(orderReads()).toHaveLength(1);

    const sofia = await repo.pageFiltered({ limit: 20 }, { editorId: SOFIA.id });
    expect(ids(sofia.items)).toEqual([sofias[1].id, sofias[0].id]);
    expect(orderReads()).toHaveLength(2);

    const sofiaPaid = await repo.pageFiltered({ limit: 20 }, { editorId: SOFIA.id, state: 'paid' });
    expect(ids(sofiaPaid.items)).toEqual([sofias[0].id]);
    expect(orderReads()).toHaveLength(1);

    const needing = await repo.pageFiltered({ limit: 20 }, { needsYou: true });
    expect(ids(needing.items)).toEqual([failed.id]);
    expect(orderReads()).toHaveLength(1);

    const march = await repo.pageFiltered(
      { limit: 20 },
      { paid: { from: new Date('2026-03-01T05:00:00.000Z'), to: new Date('2026-04-01T04:00:00.000Z') } },
    );
    expect(ids(march.items)).toEqual([failed.id, sofias[1].id, sofias[0].id]);
    expect(orderReads()).toHaveLength(3);

    // A period beside a state, an editor or 'needs you' reads only the period's matches.
    const inMarch = { from: new Date('2026-03-01T05:00:00.000Z'), to: new Date('2026-04-01T04:00:00.000Z') };
    const marchWith = async (filter: Parameters<typeof repo.pageFiltered>[1], expected: Order[]) => {
      expect(ids((await repo.pageFiltered({ limit: 20 }, { ...filter, paid: inMarch })).items)).toEqual(ids(expected));
      expect(orderReads()).toHaveLength(expected.length);
    };
    await marchWith({ state: 'paid' }, [failed, sofias[0]]);
    await marchWith({ editorId: SOFIA.id }, [sofias[1], sofias[0]]);
    await marchWith({ editorId: SOFIA.id, state: 'refunded' }, [sofias[1]]);
    await marchWith({ needsYou: true }, [failed]);
    await marchWith({ needsYou: true, editorId: SOFIA.id }, []);
    await marchWith({ state: 'pending' }, []);

    // A state whose history is long pages it, newest month first: a short page lists the state's months
    // and this March's orders (and one month more, for the key after the page), never all of history.
    const first = await repo.pageFiltered({ limit: 1 }, { state: 'paid' });
    expect(first).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect(blobs.takeRequests().flatMap((r) => (r.listed === undefined ? [] : [r.listed]))).toEqual([
      'by-state/paid/ (folders)',
      'by-state/paid/2026-03/',
    ]);
    const paid = await repo.pageFiltered({ limit: 20 }, { state: 'paid' });
    // Last year's, Sofia's first, and the one whose refund failed (a failed refund returned nothing): uncounted.
    expect(paid).toMatchObject({ total: null, nextCursor: expect.any(String) });
    expect(paid.items).toHaveLength(20);
    expect(orderReads()).toHaveLength(20);
    const next = await repo.pageFiltered({ limit: 20, cursor: paid.nextCursor! }, { state: 'paid' });
    expect(next.items).toHaveLength(20);
    expect(new Set([...ids(paid.items), ...ids(next.items)]).size).toBe(40);
    expect(ids(paid.items).slice(0, 2)).toEqual([failed.id, sofias[0].id]);
    const last = await repo.pageFiltered({ limit: 20, cursor: next.nextCursor! }, { state: 'paid' });
    expect({ items: last.items.length, nextCursor: last.nextCursor }).toEqual({
      items: HISTORY + 2 - 40,
      nextCursor: null,
    });

    // An id no editor could have names nobody and reads nothing.
    expect(await repo.pageFiltered({ limit: 20 }, { editorId: '../x' })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('follow an order as it changes: a refund moves it between states and in and out of "needs you"', async () => {
    const order = await storePaidOrder('2026-03-02T15:00:00.000Z', 10000);
    const repo = ordersRepo();
    await storeRefund(order.id, 2000, '2026-03-03T15:00:00.000Z', 'failed');
    expect(ids((await repo.pageFiltered({ limit: 20 }, { needsYou: true })).items)).toEqual([order.id]);
    await repo.change(order.id, (o) => ({ ...o, refunds: o.refunds!.map((r) => ({ ...r, state: 'succeeded' })) }));
    expect((await repo.pageFiltered({ limit: 20 }, { needsYou: true })).items).toEqual([]);
    expect(ids((await repo.pageFiltered({ limit: 20 }, { state: 'partially_refunded' })).items)).toEqual([order.id]);
    expect((await repo.pageFiltered({ limit: 20 }, { state: 'paid' })).items).toEqual([]);
    const keys = (await blobs.snapshot()).get('atomic/site:orders');
    expect([...(keys?.keys() ?? [])].filter((key) => key.startsWith('by-state/'))).toEqual([
      `by-state/partially_refunded/${order.createdAt.slice(0, 7)}/${order.createdAt}-${order.id}`,
    ]);
    expect([...(keys?.keys() ?? [])].filter((key) => key.startsWith('by-paid-state/'))).toEqual([
      `by-paid-state/partially_refunded/${order.payment.paidAt ?? order.updatedAt}-${order.id}`,
    ]);
  });
});

describe('GET /api/admin/orders, filtered', () => {
  const get = async (query: string) => call(handler, `/api/admin/orders${query}`, { headers: await asAdmin() });

  it('answers each filter, and refuses what it cannot filter by', async () => {
    const { sofias, failed } = await seed();
    const list = async (query: string) => {
      const res = await get(query);
      expect(res.status, query).toBe(200);
      return (res.body as { items: Order[] }).items.map((o) => o.id);
    };
    expect(await list('?state=refunded')).toEqual([sofias[1].id]);
    expect(await list('?editor=sofia-ramirez&state=paid')).toEqual([sofias[0].id]);
    expect(await list('?needs=true')).toEqual([failed.id]);
    expect(await list('?from=2026-03-01&to=2026-03-31')).toEqual([failed.id, sofias[1].id, sofias[0].id]);
    expect(await list('?from=2026-03-03&to=2026-03-05&state=refunded')).toEqual([sofias[1].id]);
    expect(await list('?editor=nobody-at-all')).toEqual([]);

    for (const [query, error] of [
      ['?state=lost', 'state is not an order state'],
      ['?from=2026-03-01', `from: ${reportMessages.noPeriod}`],
      ['?from=2026-03-05&to=2026-03-01', `from: ${reportMessages.daysOrder}`],
      ['?from=2026-02-30&to=2026-03-01', 'from is not a day of the calendar'],
      ['?from=2025-01-01&to=2026-03-01', `to: ${reportMessages.tooManyDays}`],
      ['?needs=yes', 'needs must be true or false'],
    ])
      expect(await get(query), query).toMatchObject({ status: 400, body: { error } });
  });
});

describe("GET /api/admin/orders?q=: the tab's search", () => {
  const get = async (query: string) => call(handler, `/api/admin/orders${query}`, { headers: await asAdmin() });

  it('finds orders by a name, an address or an id, with the other filters, newest first, reading only what the words find', async () => {
    await seed();
    const alvarez = [
      await storePaidOrder('2026-03-10T15:00:00.000Z', 10000, {
        parentName: 'Quinn Alvarez',
        parentEmail: 'quinn@example.net',
      }),
      await storePaidOrder(
        '2026-03-12T15:00:00.000Z',
        10000,
        { parentName: 'Quinn Alvarez', parentEmail: 'quinn@example.net' },
        SOFIA,
      ),
    ];
    await storeRefund(alvarez[0].id, 10000, '2026-03-13T15:00:00.000Z');
    const found = async (query: string) => {
      const res = await get(query);
      expect(res.status, query).toBe(200);
      return res.body as { items: Order[]; total: number; nextCursor: null };
    };
    await found('?q=alvarez'); // builds the word keys, once
    blobs.takeRequests();
    const byName = await found('?q=Quinn%20Alvarez');
    expect(byName).toMatchObject({ total: 2, nextCursor: null });
    expect(ids(byName.items)).toEqual([alvarez[1].id, alvarez[0].id]);
    // The two orders the words name, of the 45 there are.
    expect(orderReads()).toHaveLength(2);
    expect(ids((await found('?q=quinn@example.net&state=refunded')).items)).toEqual([alvarez[0].id]);
    expect(ids((await found(`?q=${alvarez[1].id.toLowerCase()}`)).items)).toEqual([alvarez[1].id]);
    expect(ids((await found('?q=alvarez&editor=sofia-ramirez')).items)).toEqual([alvarez[1].id]);
    expect(await found('?q=nobody-like-this')).toMatchObject({ items: [], total: 0 });
    for (const [query, error] of [
      ['?q=x', searchMessages.tooShort],
      [`?q=${'x'.repeat(101)}`, searchMessages.tooLong],
    ])
      expect(await get(query), query).toMatchObject({ status: 400, body: { error } });
  });
});
