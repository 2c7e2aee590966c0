/**
 * An admin's refund: any amount up to what remains of a paid order, with a reason, and
 * optionally cancelling projects of the order whatever editing has happened (the self-service rule
 * does not bind the admin), or naming projects that had ended which it is for: what it refunds of a
 * project, cancelled or ended, comes off its editors' earnings. Everything is checked before anything changes; a retry of the same
 * request (same `requestId`) finds its refund and changes nothing more.
 */
import { type Project } from '../project';
import { endedWithWork, transitionNamed, transitionRefusal } from '../process';
import type { Order } from '#features/orders/order';
import { formatUsdCents } from '#lib/money';
import { projectsOfRefund, refundMessages, remainingCents } from '#lib/refunds';
import { site } from '#lib/site';
import { audited } from '#server/core/audit-log';
import type { Caller } from '#server/core/auth';
import { commitStep, type StepContext } from './steps';
import { recordProjectEarnings } from './earnings';
import { teamActor } from './transitions';
import { projectsRepo } from './projects.repo';
import { HttpError } from '#server/core/http';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { requestRefund } from '#features/orders/server/refunds';

export interface AdminRefundInput {
  requestId: string;
  amountCents: number;
  reason: string;
  projectIds: string[];
  forProjectIds: string[];
}

const adminRefundId = (requestId: string) => `admin-${requestId}`;

/** The chosen projects still to cancel; one already cancelled (by an earlier attempt, or its customer) is skipped. */
async function projectsToCancel(
  order: Order,
  ids: string[],
  context: StepContext,
): Promise<{ value: Project; etag: string }[]> {
  const repo = projectsRepo(context);
  const found = await Promise.all(ids.map((id) => repo.getForUpdate(id)));
  return found.flatMap((entry, i) => {
    if (!entry || entry.value.orderId !== order.id) throw new HttpError(400, refundMessages.projectNotInOrder);
    if (entry.value.state === 'cancelled') return [];
    // Every project refused before any is cancelled, with the process's reason, named by its id.
    const refused = transitionRefusal(entry.value, transitionNamed('team-cancel'));
    if (refused) throw new HttpError(refused.status, `${ids[i]}: ${refused.error}`);
    return [entry];
  });
}

/** The projects a refund is for that had ended: each of the order, final or withdrawn, and not also cancelled by it. */
async function checkEndedProjects(order: Order, input: AdminRefundInput, context: StepContext): Promise<void> {
  if (input.forProjectIds.some((id) => input.projectIds.includes(id)))
    throw new HttpError(400, refundMessages.namedTwice);
  const found = await Promise.all(input.forProjectIds.map((id) => projectsRepo(context).get(id)));
  for (const [i, project] of found.entries()) {
    if (!project || project.orderId !== order.id) throw new HttpError(400, refundMessages.endedNotInOrder);
    if (!endedWithWork(project.state)) throw new HttpError(409, refundMessages.notEnded(input.forProjectIds[i]));
  }
}

export async function refundByAdmin(
  orderId: string,
  input: AdminRefundInput,
  caller: Caller,
  context: StepContext,
): Promise<Order> {
  const order = await ordersRepo(context).get(orderId);
  if (!order) throw new HttpError(404, 'Order not found');
  if (order.status !== 'paid') throw new HttpError(409, refundMessages.notPaid);
  // A retry of a refund already recorded is the same action: its first attempt has the entry.
  const retry = order.refunds?.some((r) => r.id === adminRefundId(input.requestId)) ?? false;
  const remaining = remainingCents(order);
  const before = retry ? null : { remaining: formatUsdCents(remaining) };
  const after = retry
    ? null
    : {
        remaining: formatUsdCents(remaining - input.amountCents),
        refunded: formatUsdCents(input.amountCents),
        reason: input.reason,
        cancelling: input.projectIds.join(', ') || null,
        for: input.forProjectIds.join(', ') || null,
      };
  return audited(
    context,
    caller,
    { action: 'order-refunded', subject: { kind: 'order', id: order.id }, before, after },
    () => refund(order, input, retry, caller, context),
  );
}

async function refund(
  order: Order,
  input: AdminRefundInput,
  retry: boolean,
  caller: Caller,
  context: StepContext,
): Promise<Order> {
  const orders = ordersRepo(context);
  const id = adminRefundId(input.requestId);
  if (!retry) {
    if (input.amountCents > remainingCents(order))
      throw new HttpError(400, refundMessages.overRemaining(remainingCents(order)));
    await checkEndedProjects(order, input, context);
    const cancelling = await projectsToCancel(order, input.projectIds, context);
    for (const { value, etag } of cancelling)
      await commitStep(
        value,
        etag,
        transitionNamed('team-cancel'),
        { action: 'cancel' },
        teamActor(caller.email),
        context,
      );
  }
  const refund = await requestRefund(
    order.id,
    {
      id,
      amountCents: input.amountCents,
      reason: input.reason,
      by: 'admin',
      actor: site.name,
      adminEmail: caller.email,
      projectIds: input.projectIds,
      forProjectIds: input.forProjectIds,
    },
    context,
  );
  // What it refunds of projects that ended comes off their editors' earnings (a retry does it again, once).
  for (const id of projectsOfRefund(refund)) {
    const project = await projectsRepo(context).get(id);
    if (project) await recordProjectEarnings(project, context);
  }
  // Once per refund, however often the admin's request is retried: a retry after a failure that
  // came before the mail sends it, one after the mail finds it sent.
  const lines = [
    `${site.name} refunded ${formatUsdCents(refund.amountCents)} of your order ${order.id}.`,
    `Reason: ${input.reason}`,
    'It reaches your card within 5-10 business days.',
  ];
  const at = new Date(refund.createdAt);
  await sendMail(
    { ...paragraphsMail(order.customer.email, `A refund for your order ${order.id}`, lines), kind: 'order' },
    context,
    at,
    {
      id: `refund-${order.id}-${refund.id}`,
      at,
    },
  );
  return (await orders.get(order.id))!;
}
