/** An order as stored by the server and shown to its owner: amounts in cents. */
import type { AddOnLine, ServiceLine } from '#lib/pricing';
import { paymentStateLabel, paymentStateOf, type Refund, type RefundState } from '#lib/refunds';
import type { Billing, Student } from './order.schema';
export type { Billing, Student };

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled';

export interface Order {
  id: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  customer: { uid: string; email: string };
  /** `full`: the editor had no open slot when the order was placed, so its services cost 1.5x. */
  editor: { id: string; name: string; college: string; major: string; full: boolean };
  serviceLines: ServiceLine[];
  addOnLines: AddOnLine[];
  turnaround: { id: string; label: string };
  /** What the speed upgrade added to this order, 0 when none was charged. */
  turnaroundFeeCents: number;
  totalCents: number;
  student: Student;
  billing: Billing;
  /** When the customer ticked the terms agreement at checkout (orders placed before it was asked have none). */
  termsAgreedAt?: string;
  payment: {
    mode: 'stripe' | 'test';
    /** The session that was paid. */
    sessionId?: string;
    /** Every checkout session opened for the order: cancelling it closes them all. */
    sessionIds?: string[];
    paymentIntent?: string;
    paidAt?: string;
  };
  /**
   * A card declined while the order awaits payment: when first, and the payment provider's latest
   * words. The order stays payable; once paid it reads as paid.
   */
  declined?: { at: string; reason: string };
  /** Refunds of a paid order, newest last. */
  refunds?: Refund[];
  /**
   * Who received the new order's notice for the editor, decided when the order was paid: the editor
   * at their account e-mail, or our team (the business inbox) when the editor has no account yet.
   * Orders paid before this was recorded went to the team.
   */
  editorNotice?: EditorNotice;
  /**
   * Payments that arrived for this order when it was no longer awaiting one (a second checkout paid,
   * or a payment after it expired or was cancelled): each is refunded in full, apart from the order's
   * own refunds, which concern its one payment.
   */
  extraPayments?: ExtraPayment[];
  /**
   * Who edits each of the order's projects now, read from the projects whenever the order is shown: a
   * reassignment changes the project, never the order, whose `editor` stays the one it was bought with.
   */
  projectEditors?: ProjectEditor[];
}

/** What the owner's search finds an order by: its id, the family's addresses and names. */
export const orderSearchFields = (order: Order) => [
  order.id,
  order.customer.email,
  order.student.parentName,
  order.student.parentEmail,
  order.student.studentName,
  order.student.studentEmail,
];

/** The order's own page, where its owner finds what was bought, its refunds and its receipts. */
export const orderPagePath = (orderId: string) => `/order-confirmation?order=${orderId}`;

/** When an order was paid: orders paid before `paidAt` was recorded, when they last changed. */
export const paidAtOf = (order: Pick<Order, 'status' | 'updatedAt' | 'payment'>) =>
  order.status === 'paid' ? (order.payment.paidAt ?? order.updatedAt) : null;

/** Every time money moved for the order (its payment, refunds, extra payments), with what moved: what the accounts count. */
export const moneyEvents = (order: Order): { at: string; detail: unknown }[] => [
  ...[paidAtOf(order) ?? []].flat().map((at) => ({ at, detail: { paidCents: order.totalCents } })),
  ...(order.refunds ?? []).map((refund) => ({ at: refund.createdAt, detail: refund })),
  ...(order.extraPayments ?? []).map((extra) => ({ at: extra.receivedAt, detail: extra })),
];
export const orderMoneyTimes = (order: Order): string[] => moneyEvents(order).map((event) => event.at);

interface ProjectEditor {
  projectId: string;
  service: string;
  editor: { id: string; name: string };
}

/**
 * Whoever edits the order now, as a label and the names ('Editors', 'Maya Chen, Sofia Ramirez'): the
 * editor it was bought with until its projects exist.
 */
export function currentEditors(order: Pick<Order, 'editor' | 'projectEditors'>): { label: string; names: string } {
  const found = order.projectEditors?.map((p) => p.editor.name) ?? [];
  const names = found.length > 0 ? [...new Set(found)] : [order.editor.name];
  return { label: names.length > 1 ? 'Editors' : 'Editor', names: names.join(', ') };
}

/** The projects of the order now edited by someone other than the editor it was bought with. */
export const reassignedProjects = (order: Pick<Order, 'editor' | 'projectEditors'>) =>
  (order.projectEditors ?? []).filter((p) => p.editor.id !== order.editor.id);

export interface ExtraPayment {
  sessionId: string;
  paymentIntent: string | null;
  amountCents: number;
  receivedAt: string;
  refund: { state: RefundState; providerId: string | null; failure: string | null; updatedAt: string };
}

export type EditorNotice = 'editor' | 'team';

/**
 * What happens after a paid order, in this product's order: a draft on the dashboard comes first, and
 * every contact with the editor (the student is usually a minor) stays in the project's thread.
 */
export const afterOrder = {
  submit: 'Submit your first draft on your dashboard',
  submitHow: 'paste it, upload a file or share a link',
  reply: (editor: string) =>
    `${editor} reaches out within 24 hours of it in the project's thread, where you can arrange an initial consultation call.`,
  rounds: 'You receive each round of edits within your selected turnaround.',
};

/** The confirmation's 'What Happens Next?', with the edit rules of what was bought. */
export const nextSteps = (editRules: string) => [
  `${afterOrder.submit}: ${afterOrder.submitHow}.`,
  afterOrder.reply('Your editor'),
  `You collaborate on your drafts: ${editRules}.`,
  afterOrder.rounds,
];

/** What the confirmation says about the editor's notice. */
export const editorNoticeText = (order: Pick<Order, 'editor' | 'editorNotice'>) =>
  order.editorNotice === 'editor'
    ? `Your editor, ${order.editor.name}, was notified`
    : 'Our team was notified and will pass it to your editor';

/** How a service line reads: 'Activity List Editing × 2', or just the title for one. */
export const lineLabel = (line: Pick<ServiceLine, 'title' | 'quantity'>) =>
  line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title;

/** How an order's status reads to people (the customer's dashboard, the admin's list). */
const orderStatusLabel: Record<OrderStatus | 'declined', string> = {
  pending: 'Awaiting payment',
  declined: 'Payment declined',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** An unpaid order can be paid for 24 hours (as long as a Stripe checkout session lives), then it expires. */
const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const paymentDeadline = (order: Pick<Order, 'createdAt'>) =>
  new Date(Date.parse(order.createdAt) + PAYMENT_WINDOW_MS);
/** A checkout session lives at least 30 minutes: an order closer than that to its deadline cannot open one. */
export const MIN_SESSION_MS = 31 * 60 * 1000;

export const orderMessages = {
  notPending: 'This order is no longer awaiting payment.',
  expired: 'This order has expired: unpaid orders are kept for 24 hours. Please start a new order.',
  justPaid: 'This order was just paid, so it cannot be cancelled here. Please contact us.',
  paidMeanwhile: 'This order was just paid in an earlier checkout. Reload the page to see it.',
  sessionClosed: 'This checkout was replaced by a newer one for the same order. Go back to your order to pay.',
} as const;

/** The states the owner's list shows and filters by: a paid order by what its refunds left. */
export const ORDER_LIST_STATES = [
  'pending',
  'declined',
  'paid',
  'partially_refunded',
  'refunded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type OrderListState = (typeof ORDER_LIST_STATES)[number];

/** A paid order by what its refunds left; one awaiting payment as declined once a card was. */
export const orderListState = (order: Pick<Order, 'status' | 'refunds' | 'totalCents' | 'declined'>): OrderListState =>
  order.status === 'paid'
    ? paymentStateOf(order)
    : order.status === 'pending' && order.declined
      ? 'declined'
      : order.status;

export const orderListStateLabel: Record<OrderListState, string> = { ...orderStatusLabel, ...paymentStateLabel };

/** A paid order reads as paid, partially refunded or refunded. */
export const orderStateLabel = (order: Pick<Order, 'status' | 'refunds' | 'totalCents' | 'declined'>) =>
  orderListStateLabel[orderListState(order)];

/** An order that needs the owner: a refund or a returned extra payment the payment provider failed. */
export const needsOwner = (order: Pick<Order, 'refunds' | 'extraPayments'>) =>
  (order.refunds ?? []).some((refund) => refund.state === 'failed') ||
  (order.extraPayments ?? []).some((payment) => payment.refund.state === 'failed');

/** An order as its family reads it: our team as one name in its refunds, never an admin's address. */
export const orderForFamily = (order: Order): Order =>
  order.refunds ? { ...order, refunds: order.refunds.map(({ adminEmail: _who, ...refund }) => refund) } : order;
