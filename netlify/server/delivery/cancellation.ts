/**
 * The refund of a project its customer cancelled (DESIGN §11): the policy's amount at the moment of
 * cancelling (full within 48 hours of payment, 75% after), under the id `cancel-<project id>`, so
 * however often this runs (the request, then the timer that checks on it) one refund exists. A
 * provider that cannot be reached leaves the refund pending; the timer asks again.
 */
import type { Project } from '../../../src/lib/delivery';
import { cancellationQuote, type Refund } from '../../../src/lib/refunds';
import { ordersRepo } from '../orders.repo';
import { requestRefund } from '../refunds';
import type { DeployInfo } from '../stores';

export const cancellationRefundId = (projectId: string) => `cancel-${projectId}`;

/** Requests the refund of a project its customer cancelled; null when there is nothing to refund. */
export async function refundCancellation(project: Project, info?: DeployInfo): Promise<Refund | null> {
  const cancelled = project.history.findLast((event) => event.type === 'cancel');
  if (project.state !== 'cancelled' || cancelled?.by !== 'customer') return null;
  const order = await ordersRepo(info).get(project.orderId);
  if (!order) return null;
  const paidAt = new Date(order.payment.paidAt ?? project.createdAt);
  const quote = cancellationQuote(project.priceCents, paidAt, new Date(cancelled.at));
  return requestRefund(
    order.id,
    { id: cancellationRefundId(project.id), amountCents: quote.amountCents, reason: `Cancelled ${project.service.title}: ${quote.text}`, by: 'customer', actor: cancelled.actor, projectIds: [project.id] },
    info,
  );
}
