/**
 * What a project that ended earned its editors, told to the ledger (the payouts feature): its service,
 * price and end, and who returned each round at which turnaround. Run after the step that ends it and
 * again by the step's timer, so a step cut off after its write still records the earnings.
 */
import type { Project } from '../project';
import { editorAt, endedAt, isTerminal } from '../process';
import { addOnById } from '#lib/catalogue';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { recordEarnings } from '#features/payouts/server/ledger';
import type { DeployInfo } from '#server/storage/stores';
import { projectsOfOrder } from './creation';
import { projectsRepo } from './projects.repo';
import type { Order } from '#features/orders/order';
import { projectsOfRefund, type Refund } from '#lib/refunds';

const speedPrice = (id: 'speed24hr' | 'speed48hr') => addOnById(id)!.priceCents;

export async function recordProjectEarnings(project: Project, info?: DeployInfo): Promise<void> {
  if (!isTerminal(project.state)) return;
  const order = await ordersRepo(info).get(project.orderId);
  if (!order) throw new Error(`Project ${project.id}: its order ${project.orderId} is not there`);
  await recordEarnings(
    {
      projectId: project.id,
      orderId: project.orderId,
      label: project.service.title,
      endedAt: endedAt(project)!,
      orderProjects: projectsOfOrder(order),
      basis: {
        service: project.service.id,
        priceCents: project.priceCents,
        fullEditorPrice: project.boughtWhileFull,
        ended: project.state as 'final' | 'withdrawn' | 'cancelled',
        roundsIncluded: project.editsAllowed,
        returned: project.rounds
          .filter((round) => round.returnedAt !== null)
          .map((round) => ({
            editorId: round.returnedBy ?? editorAt(project, round.returnedAt!),
            turnaround: round.turnaround,
          })),
        speedPriceCents: { '24hr': speedPrice('speed24hr'), '48hr': speedPrice('speed48hr') },
      },
    },
    order.refunds ?? [],
    info,
  );
}

/**
 * A refund found failed after its reversal was written: each project it was for records its earnings
 * again, which gives the editor the share back (once, however often the failure is reported).
 */
export async function earningsAfterFailedRefund(_order: Order, refund: Refund, info?: DeployInfo): Promise<void> {
  for (const id of projectsOfRefund(refund)) {
    const project = await projectsRepo(info).get(id);
    if (project) await recordProjectEarnings(project, info);
  }
}
