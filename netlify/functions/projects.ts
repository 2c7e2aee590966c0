/**
 * GET /api/projects: the signed-in family member's projects, oldest first, each with what it means for
 * them now: a parent's (orders paid before projects existed get theirs here, the first time they are
 * read), and those a parent shared with the student who signs in with the order's address, verified.
 */
import type { Config } from '@netlify/functions';
import { projectView } from '#features/projects/view';
import { authenticate } from '#server/core/auth';
import { rolesOn } from '#features/projects/server/access';
import { ensureProjects } from '#features/projects/server/creation';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { privateJson, route } from '#server/core/http';
import { ordersRepo } from '#features/orders/server/orders.repo';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const orders = await ordersRepo(context).listForCustomer(caller.uid);
    await Promise.all(orders.map((order) => ensureProjects(order, context)));
    const now = new Date();
    const repo = projectsRepo(context);
    const [own, shared] = await Promise.all([
      repo.listForCustomer(caller.uid),
      caller.emailVerified ? repo.listForStudent(caller.email) : [],
    ]);
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
