/**
 * The refund of a project its customer cancelled: the policy's amount at the moment of
 * cancelling (full within 48 hours of payment, 75% after), under the id `cancel-<project id>`, so
 * however often this runs (the request, then the timer that checks on it) one refund exists. A
 * provider that cannot be reached leaves the refund pending; the timer asks again.
 */
import type { Project, ProjectEvent } from '../project';
import { ACCOUNT_CLOSED, closureNotices } from '#features/privacy/privacy';
import { quoteFor, remainingCents, type Refund } from '#lib/refunds';
import { formatUsdCents } from '#lib/money';
import { tellOwner } from '#server/core/attention';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { requestRefund } from '#features/orders/server/refunds';
import type { DeployInfo } from '#server/storage/stores';

const cancellationRefundId = (projectId: string) => `cancel-${projectId}`;

/**
 * What the owner reads of a family's cancel: who cancelled what. A cancel that came with closing the
 * account names nobody, and says who closed it (the family, or our team on a request).
 */
function ownerNotice(project: Project, cancelled: ProjectEvent, orderId: string, refund: string, policy: string) {
  const base = { id: `family-cancel-${project.id}`, at: new Date(cancelled.at), orderId };
  const service = project.service.title;
  if (cancelled.actor === ACCOUNT_CLOSED) {
    const who = cancelled.adminEmail ? closureNotices.byTeam : closureNotices.byFamily;
    return {
      ...base,
      kind: cancelled.adminEmail ? ('team-closed' as const) : ('family-closed' as const),
      subject: `${who}: ${service} on order ${orderId} is cancelled`,
      lines: [closureNotices.ownerLine(who, service, project.id, orderId, refund), `Policy: ${policy}`],
    };
  }
  return {
    ...base,
    kind: 'family-cancel' as const,
    subject: `A family cancelled ${service} on order ${orderId}`,
    lines: [
      `${project.student.parentName || project.customer.email} cancelled ${service} for ${project.student.name} (order ${orderId}, project ${project.id}); ${refund} is refunded by the cancellation policy.`,
      `Policy: ${policy}`,
    ],
  };
}

/** Requests the refund of a project its customer cancelled; null when there is nothing to refund. */
export async function refundCancellation(project: Project, info?: DeployInfo): Promise<Refund | null> {
  const cancelled = project.history.findLast((event) => event.type === 'cancel');
  if (project.state !== 'cancelled' || cancelled?.by !== 'customer') return null;
  const order = await ordersRepo(info).get(project.orderId);
  if (!order) return null;
  const id = cancellationRefundId(project.id);
  // A retry finds the refund it recorded, whatever remains now.
  const asked = order.refunds?.some((r) => r.id === id);
  // What the cancel decided (cancels recorded before it was kept are quoted again), bounded by what
  // remains: an admin's refund made meanwhile leaves less, and nothing is refunded twice.
  const decided = cancelled.refundCents ?? quoteFor(project, order, new Date(cancelled.at)).amountCents;
  const amountCents = asked ? decided : Math.min(decided, remainingCents(order));
  const text = cancelled.note ?? quoteFor(project, order, new Date(cancelled.at)).text;
  const refund =
    amountCents === 0
      ? null
      : await requestRefund(
          order.id,
          {
            id,
            amountCents,
            reason: `Cancelled ${project.service.title}: ${text}`,
            by: 'customer',
            actor: project.customer.email,
            projectIds: [project.id],
          },
          info,
        );
  // After the refund, so the money goes first; the refund timer runs this again should the notice fail.
  await tellOwner(ownerNotice(project, cancelled, order.id, formatUsdCents(amountCents), text), info);
  return refund;
}
