/** The refund policy at its edges: integer cents, the fee in the customer's favour. */
import { describe, expect, it } from 'vitest';
import { formatUsdCents } from '../../src/lib/money';
import { cancellationQuote, paymentStateOf, refundedCents, remainingCents, type Refund } from '../../src/lib/refunds';

const paidAt = new Date('2026-11-02T12:00:00.000Z');
/** More than any price here: nothing refunded yet. */
const ALL = 1_000_000_00;
const after = (hours: number, minutes = 0) => new Date(paidAt.getTime() + (hours * 60 + minutes) * 60_000);

describe('cancellation refunds', () => {
  it('gives the whole price back within 48 hours of payment, the 48th hour included', () => {
    expect(cancellationQuote(10000, paidAt, after(47, 59), ALL)).toEqual({
      amountCents: 10000,
      withinWindow: true,
      text: 'Full refund of $100.00 (within 48 hours of booking)',
    });
    expect(cancellationQuote(10000, paidAt, after(48), ALL).amountCents).toBe(10000);
  });

  it('keeps a 25% fee after 48 hours', () => {
    expect(cancellationQuote(10000, paidAt, after(48, 1), ALL)).toEqual({
      amountCents: 7500,
      withinWindow: false,
      text: '$75.00 back (a 25% fee applies after 48 hours)',
    });
    expect(cancellationQuote(30000, paidAt, after(24 * 30), ALL).amountCents).toBe(22500);
  });

  it('rounds a half-cent fee in the customer’s favour (a small supplement from a full editor, $112.50)', () => {
    // 25% of $112.50 is $28.125: the fee is $28.12, so $84.38 comes back.
    expect(cancellationQuote(11250, paidAt, after(49), ALL)).toMatchObject({
      amountCents: 8438,
      text: '$84.38 back (a 25% fee applies after 48 hours)',
    });
    expect(cancellationQuote(1, paidAt, after(49), ALL).amountCents).toBe(1);
    expect(cancellationQuote(3, paidAt, after(49), ALL).amountCents).toBe(3);
  });

  it('never quotes more than remains to refund on the order, and says so', () => {
    expect(cancellationQuote(7500, paidAt, after(1), 500)).toEqual({
      amountCents: 500,
      withinWindow: true,
      text: '$5.00 back (all that remains to refund on this order)',
    });
    expect(cancellationQuote(10000, paidAt, after(49), 7500)).toMatchObject({
      amountCents: 7500,
      text: '$75.00 back (a 25% fee applies after 48 hours)',
    });
    expect(cancellationQuote(30000, paidAt, after(1), 0)).toEqual({
      amountCents: 0,
      withinWindow: true,
      text: 'No refund: this order has been refunded already',
    });
  });

  it('writes money to the cent', () => {
    expect([formatUsdCents(10000), formatUsdCents(8438), formatUsdCents(5), formatUsdCents(123456789)]).toEqual([
      '$100.00',
      '$84.38',
      '$0.05',
      '$1,234,567.89',
    ]);
  });
});

describe('what a paid order has refunded', () => {
  const refund = (amountCents: number, state: Refund['state']): Refund => ({
    id: crypto.randomUUID(),
    amountCents,
    reason: 'r',
    by: 'admin',
    actor: 'a',
    projectIds: [],
    state,
    providerId: null,
    failure: null,
    createdAt: '',
    updatedAt: '',
  });
  it('counts pending and succeeded refunds, never failed ones', () => {
    const order = {
      totalCents: 40000,
      refunds: [refund(10000, 'succeeded'), refund(5000, 'pending'), refund(20000, 'failed')],
    };
    expect(refundedCents(order)).toBe(15000);
    expect(remainingCents(order)).toBe(25000);
    expect(paymentStateOf(order)).toBe('partially_refunded');
  });
  it('moves paid -> partially_refunded -> refunded', () => {
    expect(paymentStateOf({ totalCents: 100, refunds: [] })).toBe('paid');
    expect(paymentStateOf({ totalCents: 100, refunds: [refund(40, 'succeeded')] })).toBe('partially_refunded');
    expect(paymentStateOf({ totalCents: 100, refunds: [refund(40, 'succeeded'), refund(60, 'pending')] })).toBe(
      'refunded',
    );
  });
});
