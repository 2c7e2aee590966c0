/** An order as stored by the server and shown to its owner (DESIGN §3): amounts in cents. */
import type { AddOnLine, ServiceLine } from './pricing';
import { paymentStateLabel, paymentStateOf, type Refund } from './refunds';
import type { Billing, Student } from './schemas';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface Order {
  id: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  customer: { uid: string; email: string };
  editor: { id: string; name: string; college: string; major: string; overbooked: boolean };
  serviceLines: ServiceLine[];
  addOnLines: AddOnLine[];
  turnaround: { id: string; label: string };
  /** What the speed upgrade added to this order, 0 when none was charged. */
  turnaroundFeeCents: number;
  totalCents: number;
  student: Student;
  billing: Billing;
  payment: { mode: 'stripe' | 'test'; sessionId?: string; paymentIntent?: string; paidAt?: string };
  /** Refunds of a paid order, newest last (DESIGN §11). */
  refunds?: Refund[];
}

/** How a service line reads: 'Activity List Editing × 2', or just the title for one. */
export const lineLabel = (line: Pick<ServiceLine, 'title' | 'quantity'>) => (line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title);

/** How an order's status reads to people (the customer's dashboard, the admin's list). */
export const orderStatusLabel: Record<OrderStatus, string> = { pending: 'Awaiting payment', paid: 'Paid', failed: 'Payment failed', expired: 'Expired' };

/** A paid order reads as paid, partially refunded or refunded (DESIGN §11). */
export const orderStateLabel = (order: Pick<Order, 'status' | 'refunds' | 'totalCents'>) =>
  order.status === 'paid' ? paymentStateLabel[paymentStateOf(order)] : orderStatusLabel[order.status];
