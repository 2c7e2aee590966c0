/**
 * Turns a customer's selection into a priced, stored, pending order and a checkout session. The
 * browser sends what was chosen, never what it costs: prices come from the catalogue, whether the
 * editor is full from the stored editor, and add-ons the customer already owns are not charged again.
 */
import { turnaroundFor } from '#lib/catalogue';
import { conflictMessages, isEditorsAddress } from '#lib/conflicts';
import { paymentDeadline } from '../order';
import { priceOrder } from '#lib/pricing';
import { isFull } from '#features/editors/editor-rules';
import type { CheckoutSelection } from '../order.schema';
import type { Caller } from '#server/core/auth';
import { customersRepo } from './customers.repo';
import { timersRepo } from '#server/core/timers';
import { messages } from '#lib/messages';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { HttpError } from '#server/core/http';
import { ordersRepo, type Order } from './orders.repo';
import { openCheckout, type CheckoutSession } from './payments';
import { PROVIDER_UNREACHABLE, type ConfiguredPayments } from '#server/core/stripe';
import type { DeployInfo } from '#server/storage/stores';
import { EXPIRE_TIMER, recordSession } from './unpaid-orders';

export async function startCheckout(
  selection: CheckoutSelection,
  caller: Caller,
  payments: ConfiguredPayments,
  info?: DeployInfo,
): Promise<{ order: Order; session: CheckoutSession }> {
  const editor = await editorsRepo(info).get(selection.editorId);
  if (!editor) throw new HttpError(400, 'editorId: no such editor');
  // Hidden after the family's page loaded: they choose again rather than order from someone off the site.
  if (!isShown(editor)) throw new HttpError(409, messages.editorUnavailable);
  // An editor is never their own client nor their own student: they would review their own work.
  if (caller.emailVerified && isEditorsAddress(caller.email, editor))
    throw new HttpError(409, conflictMessages.ownEditor);
  if (isEditorsAddress(selection.student.studentEmail, editor))
    throw new HttpError(409, conflictMessages.studentIsEditor);
  const { ownedAddOns } = await customersRepo(info).get(caller.uid);
  const editorFull = isFull(editor);
  const priced = priceOrder({ services: selection.services, editorFull, addOns: selection.addOns, owned: ownedAddOns });
  const turnaround = turnaroundFor(selection.addOns, ownedAddOns);
  const turnaroundFeeCents = priced.addOnLines
    .filter((l) => l.id === 'speed24hr' || l.id === 'speed48hr')
    .reduce((sum, l) => sum + l.chargedCents, 0);

  // Stored before the session opens: a payment can never arrive for an order we do not know. However
  // the customer leaves the checkout, an unpaid order expires when its 24 hours are over: its timer
  // is set before the order is stored.
  const orders = ordersRepo(info);
  const expiryTimer = (order: Order) => timersRepo(info).schedule(paymentDeadline(order), order.id, EXPIRE_TIMER, 1);
  const now = new Date();
  const order = await orders.create(
    {
      customer: { uid: caller.uid, email: caller.email },
      editor: { id: editor.id, name: editor.name, college: editor.college, major: editor.major, full: editorFull },
      serviceLines: priced.serviceLines,
      addOnLines: priced.addOnLines,
      turnaround: { id: turnaround.id, label: turnaround.label },
      turnaroundFeeCents,
      totalCents: priced.totalCents,
      student: selection.student,
      billing: selection.billing,
      termsAgreedAt: now.toISOString(),
      payment: { mode: payments.kind },
    },
    now,
    expiryTimer,
  );
  let session: CheckoutSession;
  try {
    session = await openCheckout(order, payments);
  } catch (error) {
    console.error(`Order ${order.id}: the payment provider refused a session:`, error);
    // The customer sees the attempt, failed, among their orders.
    await orders.settle(order.id, 'failed');
    await orders.publish(order);
    throw new HttpError(502, PROVIDER_UNREACHABLE);
  }
  // Until it is listed as the customer's, a failure here leaves an order nobody sees or can pay (the
  // customer never got the session's address); its timer expires it.
  await recordSession(order.id, session.id, info);
  await orders.publish(order);
  return { order, session };
}
