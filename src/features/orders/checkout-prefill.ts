/** A family's next order filled in as their last paid one had it (the checkout offers it). */
import type { CheckoutFields } from './checkout-form';
import type { Order } from './order';
import { formatPhone } from '#lib/phone';

/** The last paid order of a family's orders (newest first), whose details the next order may reuse. */
export const lastPaidOrder = <T extends Pick<Order, 'payment'>>(orders: T[]) =>
  orders.find((order) => order.payment.paidAt);

/** The fields as an order was placed with them: the student, the parent and the billing details. */
export const fieldsFromOrder = ({ student, billing }: Pick<Order, 'student' | 'billing'>): CheckoutFields => ({
  studentName: student.studentName,
  studentGrade: student.studentGrade,
  studentEmail: student.studentEmail,
  parentName: student.parentName,
  parentEmail: student.parentEmail,
  intendedMajor: student.intendedMajor,
  street: billing.street,
  city: billing.city,
  state: billing.state,
  zip: billing.zip,
  country: billing.country,
  phone: formatPhone(billing.phone),
});
