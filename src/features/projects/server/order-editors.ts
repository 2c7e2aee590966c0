/**
 * Each project's current editor beside its order, so no order shown to the admin or the family names
 * an editor its projects were reassigned away from. The projects are read by id (the order's id and
 * unit), no index: a page of orders costs one read per project.
 */
import type { Order } from '#features/orders/order';
import type { DeployInfo } from '#server/storage/stores';
import { projectsOfOrder } from './creation';
import { projectsRepo } from './projects.repo';

export async function withProjectEditors<T extends Order>(orders: T[], info?: DeployInfo): Promise<T[]> {
  // Only a paid order has projects.
  const idsOf = orders.map((order) => (order.payment.paidAt ? projectsOfOrder(order).map((unit) => unit.id) : []));
  const projects = new Map((await projectsRepo(info).getMany(idsOf.flat())).map((project) => [project.id, project]));
  return orders.map((order, i) => {
    const projectEditors = idsOf[i].flatMap((id) => {
      const project = projects.get(id);
      return project
        ? [
            {
              projectId: id,
              service: project.service.title,
              editor: { id: project.editor.id, name: project.editor.name },
            },
          ]
        : [];
    });
    return projectEditors.length > 0 ? { ...order, projectEditors } : order;
  });
}
