/** A project as its caller reads it; its family also reads what cancelling would give back, from its order. */
import type { Project, ProjectView, Role } from '../project';
import { projectView } from '../view';
import { ordersRepo } from '#features/orders/server/orders.repo';
import type { DeployInfo } from '#server/storage/stores';

export async function viewFor(
  project: Project,
  roles: Role[],
  info?: DeployInfo,
  now = new Date(),
): Promise<ProjectView> {
  const order = roles.includes('customer') ? await ordersRepo(info).get(project.orderId) : null;
  return projectView(project, roles, now, order);
}
