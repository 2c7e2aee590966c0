/**
 * Receipts: one for an order's payment and one for each refund that went through, each a PDF the
 * family downloads from the order and the admin from the Orders tab. What a receipt says is decided
 * here, as words and amounts; the server draws it (server/receipt-pdf.ts) and the pages list it.
 * A refund's receipt is named by its place among the order's refunds, which are only ever appended
 * to, so a receipt's number never changes.
 */
import { itemise } from '#lib/itemise';
import { formatUsdCents } from '#lib/money';
import { formatPhone } from '#lib/phone';
import { remainingCents } from '#lib/refunds';
import { site } from '#lib/site';
import { formatDay } from '#lib/time';
import { paidAtOf, type Order } from './order';

/** What a receipt's id looks like in its address: 'payment' or 'refund-<n>', n counted from 1. */
export const RECEIPT_ID = /^(payment|refund-[1-9]\d{0,3})$/;

/** One receipt of an order, as the pages list it. */
export interface ReceiptEntry {
  id: string;
  /** 'Payment receipt, December 3, 2026' */
  label: string;
  /** 'BCC-7K2M-P.pdf' */
  fileName: string;
}

/** What a receipt says, top to bottom: the words and amounts the PDF is drawn from. */
export interface Receipt {
  title: string;
  number: string;
  date: string;
  business: readonly string[];
  billedTo: readonly string[];
  facts: readonly { label: string; value: string }[];
  lines: readonly { label: string; detail?: string; amount: string }[];
  totals: readonly { label: string; amount: string }[];
  note: string;
}

/** What of an order its receipts say. */
export type ReceiptOrder = Pick<
  Order,
  | 'id'
  | 'status'
  | 'updatedAt'
  | 'payment'
  | 'refunds'
  | 'totalCents'
  | 'serviceLines'
  | 'addOnLines'
  | 'editor'
  | 'student'
  | 'billing'
>;

const numberOf = (order: ReceiptOrder, id: string) =>
  `${order.id}-${id === 'payment' ? 'P' : `R${id.slice('refund-'.length)}`}`;

/** The order's receipts: its payment's once paid, then each refund that went through, in order. */
export function receiptsOf(order: ReceiptOrder): ReceiptEntry[] {
  const entry = (id: string, kind: string, at: string): ReceiptEntry => ({
    id,
    label: `${kind} receipt, ${formatDay(at, 'long')}`,
    fileName: `${numberOf(order, id)}.pdf`,
  });
  const paidAt = paidAtOf(order);
  if (!paidAt) return [];
  return [
    entry('payment', 'Payment', paidAt),
    ...(order.refunds ?? []).flatMap((refund, index) =>
      refund.state === 'succeeded' ? [entry(`refund-${index + 1}`, 'Refund', refund.createdAt)] : [],
    ),
  ];
}

const METHOD = { stripe: 'Card, through Stripe', test: 'Test payment (no card was charged)' } as const;

/** The receipt `id` of the order, or null when it has none by that id (not paid, no such refund, one that failed). */
export function receiptOf(order: ReceiptOrder, id: string): Receipt | null {
  const paidAt = paidAtOf(order);
  if (!paidAt) return null;
  const { student, billing } = order;
  const common = {
    number: numberOf(order, id),
    business: [site.name, site.email, ...site.phones],
    billedTo: [
      student.parentName,
      billing.street,
      `${billing.city}, ${billing.state} ${billing.zip}`,
      billing.country,
      formatPhone(billing.phone),
      // A line the order lacks (an order placed before a field was asked for) is left out, not drawn blank.
    ].filter(Boolean),
    facts: [
      { label: 'Order', value: order.id },
      { label: 'Student', value: student.studentName },
      { label: 'Editor', value: order.editor.name },
      { label: 'Paid on', value: formatDay(paidAt, 'long') },
      { label: 'Payment method', value: METHOD[order.payment.mode] },
    ],
  };
  if (id === 'payment') {
    const { items, total } = itemise(order, 'then');
    return {
      ...common,
      title: 'Payment receipt',
      date: formatDay(paidAt, 'long'),
      lines: items.map(({ label, detail, amount }) => ({ label, ...(detail && { detail }), amount })),
      totals: [{ label: 'Total paid', amount: total }],
      note: `Thank you for your order. Questions about this receipt: ${site.email}.`,
    };
  }
  const position = Number(id.slice('refund-'.length));
  const refunds = order.refunds ?? [];
  const refund = refunds[position - 1];
  if (!refund || refund.state !== 'succeeded') return null;
  // What was still paid once this refund, and those before it, went through.
  const after = remainingCents({ totalCents: order.totalCents, refunds: refunds.slice(0, position) });
  return {
    ...common,
    title: 'Refund receipt',
    date: formatDay(refund.createdAt, 'long'),
    lines: [{ label: 'Refund', detail: refund.reason, amount: formatUsdCents(refund.amountCents) }],
    totals: [
      { label: 'Originally paid', amount: formatUsdCents(order.totalCents) },
      { label: 'Refunded', amount: formatUsdCents(refund.amountCents) },
      { label: 'Still paid after this refund', amount: formatUsdCents(after) },
    ],
    note: `The refund goes back to the card that paid for the order. Questions about this receipt: ${site.email}.`,
  };
}
