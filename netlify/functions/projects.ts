/**
 * GET /api/projects: the signed-in family member's projects, oldest first, each with what it means for
 * them now: a parent's (orders paid before projects existed get theirs here, the first time they are
 * read), and those a parent shared with the student who signs in with the order's address, verified.
 */
import type { Config } from '@netlify/functions';
import { projectView } from '#features/projects/view';
import { authenticate } from '#server/core/auth';
import { rolesOn } from '#features/projects/server/access';
import { ensureProjects, projectsOfOrder } from '#features/projects/server/creation';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { privateJson, route } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const repo = projectsRepo(context);
    // One round of reads when every paid order's projects are listed, as they are once made.
    const [orders, listed, shared] = await Promise.all([
      ordersRepo(context).listForCustomer(caller.uid),
      repo.listForCustomer(caller.uid),
      caller.emailVerified ? repo.listForStudent(caller.email) : [],
    ]);
    const listedIds = new Set(listed.map((p) => p.id));
    const unmade = orders.filter(
      (order) => order.status === 'paid' && projectsOfOrder(order).some((p) => !listedIds.has(p.id)),
    );
    await Promise.all(unmade.map((order) => ensureProjects(order, context)));
    const own = unmade.length > 0 ? await repo.listForCustomer(caller.uid) : listed;
    const now = new Date();
    const byId = new Map(orders.map((order) => [order.id, order]));
    const ownIds = new Set(own.map((p) => p.id));
    return privateJson([
      ...own.map((project) => projectView(project, ['customer'], now, byId.get(project.orderId) ?? null)),
      ...shared
        .filter((p) => !ownIds.has(p.id))
        .map((project) => projectView(project, rolesOn(project, caller, null), now)),
    ]);
  },
});

export const config: Config = { path: '/api/projects' };
