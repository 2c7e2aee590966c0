import { describe, expect, it } from 'vitest';
import type { Refund, RefundState } from '#lib/refunds';
import { billing, student } from '#tests/orders';
import type { Order } from '../../order';
import { RECEIPT_ID, receiptOf, receiptsOf } from '../../receipts';
import { receiptPdfInWorker, RECEIPT_LIMITS } from '../../server/receipt-in-worker';
import { winAnsi } from '../../server/receipt-pdf';

const refund = (n: number, state: RefundState, amountCents = 1000): Refund => ({
  id: `admin-${n}`,
  amountCents,
  reason: `Reason ${n}`,
  by: 'admin',
  actor: 'Beacon College Counsel',
  projectIds: [],
  state,
  providerId: null,
  failure: null,
  createdAt: `2026-11-0${n}T15:00:00.000Z`,
  updatedAt: `2026-11-0${n}T15:00:00.000Z`,
});

const order = (changes: Partial<Order> = {}): Order =>
  ({
    id: 'BCC-ABC234',
    status: 'paid',
    createdAt: '2026-10-31T14:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    editor: { id: 'maya-chen', name: 'Maya Chen', college: 'Stanford', major: 'CS', full: false },
    serviceLines: [
      { id: 'common-app-essay', title: 'Common App Essay Editing', unitCents: 30000, quantity: 1, totalCents: 30000 },
    ],
    addOnLines: [],
    totalCents: 30000,
    student,
    // As stored: the phone number in E.164.
    billing: { ...billing, country: 'United States', phone: '+13125550100' },
    payment: { mode: 'stripe', paidAt: '2026-10-31T14:05:00.000Z' },
    ...changes,
  }) as Order;

describe("an order's receipts", () => {
  it('are none until the order is paid', () => {
    for (const status of ['pending', 'failed', 'expired', 'cancelled'] as const) {
      expect(receiptsOf(order({ status }))).toEqual([]);
      expect(receiptOf(order({ status }), 'payment')).toBeNull();
    }
  });

  it("are the payment's, then each refund that went through, named by its place among the refunds", () => {
    const refunds = [refund(1, 'failed'), refund(2, 'succeeded'), refund(3, 'pending'), refund(4, 'succeeded')];
    expect(receiptsOf(order({ refunds }))).toEqual([
      { id: 'payment', label: 'Payment receipt, October 31, 2026', fileName: 'BCC-ABC234-P.pdf' },
      { id: 'refund-2', label: 'Refund receipt, November 2, 2026', fileName: 'BCC-ABC234-R2.pdf' },
      { id: 'refund-4', label: 'Refund receipt, November 4, 2026', fileName: 'BCC-ABC234-R4.pdf' },
    ]);
    for (const id of ['refund-1', 'refund-3', 'refund-5']) expect(receiptOf(order({ refunds }), id), id).toBeNull();
  });

  it('say what remained paid after each refund, counting those before it and not those after', () => {
    const refunds = [refund(1, 'succeeded', 5000), refund(2, 'failed', 7000), refund(3, 'succeeded', 2500)];
    const totals = (id: string) => receiptOf(order({ refunds }), id)!.totals;
    expect(totals('refund-1')).toEqual([
      { label: 'Originally paid', amount: '$300.00' },
      { label: 'Refunded', amount: '$50.00' },
      { label: 'Still paid after this refund', amount: '$250.00' },
    ]);
    expect(totals('refund-3').at(-1)).toEqual({ label: 'Still paid after this refund', amount: '$225.00' });
  });

  it('date an order paid before its payment time was kept by when it last changed, and name how it was paid', () => {
    const receipt = receiptOf(order({ payment: { mode: 'stripe' } }), 'payment')!;
    expect(receipt.date).toBe('November 1, 2026');
    expect(receipt.facts).toContainEqual({ label: 'Payment method', value: 'Card, through Stripe' });
  });

  it('bill the parent at the address kept, leaving out a line the order lacks', () => {
    expect(receiptOf(order(), 'payment')!.billedTo).toEqual([
      'Pat Rivera',
      '1 Main St',
      'Springfield, IL 62701',
      'United States',
      '(312) 555-0100',
    ]);
    const { country: _, ...withoutCountry } = order().billing;
    expect(receiptOf(order({ billing: withoutCountry as Order['billing'] }), 'payment')!.billedTo).not.toContain(
      undefined,
    );
  });

  it('have ids of one shape', () => {
    for (const id of ['payment', 'refund-1', 'refund-42']) expect(RECEIPT_ID.test(id), id).toBe(true);
    for (const id of ['refund-0', 'refund-', 'refund-01', 'Payment', 'payment/', 'refund-12345'])
      expect(RECEIPT_ID.test(id), id).toBe(false);
  });
});

describe("a receipt's PDF", () => {
  it('writes what the standard fonts cannot without its accent, else as ?', () => {
    expect(winAnsi('Zoë Dvořák Nguyễn — “quoted” € ×2\n')).toBe('Zoë Dvorák Nguyen — “quoted” € ×2 ');
    expect(winAnsi('Łukasz 李')).toBe('?ukasz ?');
  });

  it('is drawn in a worker, and none comes back when the worker is past its time', async () => {
    const receipt = receiptOf(order(), 'payment')!;
    const pdf = await receiptPdfInWorker(receipt);
    expect(new TextDecoder().decode(pdf!.slice(0, 5))).toBe('%PDF-');
    expect(await receiptPdfInWorker(receipt, { ...RECEIPT_LIMITS, millis: 1 })).toBeNull();
    expect(await receiptPdfInWorker(receipt, { ...RECEIPT_LIMITS, startMillis: 1 })).toBeNull();
  }, 30_000);
});
