/**
 * The projects of a paid order, as the process begins them (`PAID`): one per purchased unit of editing
 * (quantity 2 of a supplement makes 2), each waiting for its draft. Ids are the order's id and the unit's number, and
 * each is created only if new, so fulfilment that runs twice (or a backfill beside it) creates each
 * project exactly once.
 */
import { editsIncluded, type Project } from '../project';
import { PAID } from '../process';
import type { Order } from '#features/orders/server/orders.repo';
import type { DeployInfo } from '#server/storage/stores';
import { projectIdOf, projectsRepo } from './projects.repo';

export function projectsOfOrder(order: Order): Project[] {
  // The time of payment, not of this run: the same order always makes the same records.
  const at = order.payment.paidAt ?? order.updatedAt;
  let unit = 0;
  return order.serviceLines.flatMap((line) =>
    Array.from({ length: line.quantity }, (): Project => {
      unit += 1;
      return {
        id: projectIdOf(order.id, unit),
        orderId: order.id,
        unit,
        service: { id: line.id, title: line.title },
        priceCents: line.unitCents,
        customer: order.customer,
        student: {
          name: order.student.studentName,
          email: order.student.studentEmail,
          grade: order.student.studentGrade,
          parentName: order.student.parentName,
          parentEmail: order.student.parentEmail,
        },
        editor: { id: order.editor.id, name: order.editor.name },
        assignment: 1,
        previousAssignments: [],
        boughtWhileFull: order.editor.full,
        state: PAID.to,
        editsAllowed: editsIncluded(line.id),
        rounds: [],
        messages: [],
        history: [
          { at, by: PAID.by, actor: PAID.by, type: PAID.event, from: PAID.to, to: PAID.to, note: PAID.note(order.id) },
        ],
        reminders: {},
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}

/** Creates the projects of a paid order that do not exist yet; answers how many it created. */
export async function ensureProjects(order: Order, info?: DeployInfo): Promise<number> {
  if (order.status !== 'paid') return 0;
  const repo = projectsRepo(info);
  const units = projectsOfOrder(order);
  // The last unit is created last: when it exists, the order's projects are all there.
  if (units.length === 0 || (await repo.get(units[units.length - 1].id))) return 0;
  let created = 0;
  for (const project of units) if (await repo.create(project)) created += 1;
  return created;
}
