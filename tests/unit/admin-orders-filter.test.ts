import { describe, expect, it } from 'vitest';
import { isFiltered, NO_ORDER_FILTER, ordersSearch } from '../../src/islands/shared/admin/order-filters';
import { ORDER_LIST_STATES, orderListState, orderListStateLabel, needsOwner } from '../../src/features/orders/order';

describe("the admin's order filters", () => {
  it('asks for the page alone when nothing is filtered', () => {
    expect(ordersSearch(NO_ORDER_FILTER, null)).toBe('?limit=50');
    expect(isFiltered(NO_ORDER_FILTER)).toBe(false);
  });

  it('adds only the filters that are set, and a paid period once both its days are chosen, in order', () => {
    expect(ordersSearch({ ...NO_ORDER_FILTER, state: 'refunded', needsYou: true }, null)).toBe(
      '?limit=50&state=refunded&needs=true',
    );
    const period = { ...NO_ORDER_FILTER, editorId: 'maya-chen', paidFrom: '2026-03-01', paidTo: '2026-03-31' };
    expect(ordersSearch(period, 'c1')).toBe('?limit=50&cursor=c1&editor=maya-chen&from=2026-03-01&to=2026-03-31');
    expect(ordersSearch({ ...period, paidTo: '' }, null)).toBe('?limit=50&editor=maya-chen');
    expect(ordersSearch({ ...period, paidFrom: '2026-04-01' }, null)).toBe('?limit=50&editor=maya-chen');
    expect(isFiltered({ ...NO_ORDER_FILTER, paidTo: '2026-03-31' })).toBe(true);
  });
});

describe("an order's state in the owner's list", () => {
  const refund = (amountCents: number, state: 'succeeded' | 'failed') => ({ amountCents, state }) as never;
  it('reads a paid order by what its refunds left, and names every state', () => {
    const paid = { status: 'paid' as const, totalCents: 10000 };
    expect(orderListState({ ...paid, refunds: [] })).toBe('paid');
    expect(orderListState({ ...paid, refunds: [refund(2000, 'succeeded')] })).toBe('partially_refunded');
    expect(orderListState({ ...paid, refunds: [refund(10000, 'succeeded')] })).toBe('refunded');
    expect(orderListState({ ...paid, refunds: [refund(10000, 'failed')] })).toBe('paid');
    expect(orderListState({ status: 'pending', totalCents: 10000 })).toBe('pending');
    expect(Object.keys(orderListStateLabel).sort()).toEqual([...ORDER_LIST_STATES].sort());
  });

  it('needs the owner when a refund, or the return of an extra payment, failed', () => {
    expect(needsOwner({ refunds: [refund(2000, 'succeeded')] })).toBe(false);
    expect(needsOwner({ refunds: [refund(2000, 'failed')] })).toBe(true);
    expect(needsOwner({ extraPayments: [{ refund: { state: 'failed' } } as never] })).toBe(true);
  });
});
