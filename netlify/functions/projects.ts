/**
 * GET /api/projects: the signed-in customer's projects (issue 17), oldest first, each with what it
 * means for them now. Orders paid before projects existed get theirs here, the first time they are read.
 */
import type { Config } from '@netlify/functions';
import { projectView } from '../../src/lib/delivery';
import { authenticate } from '../server/auth';
import { ensureProjects } from '../server/delivery/creation';
import { projectsRepo } from '../server/delivery/projects.repo';
import { privateJson, route } from '../server/http';
import { ordersRepo } from '../server/orders.repo';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const orders = await ordersRepo(context).listForCustomer(caller.uid);
    await Promise.all(orders.map((order) => ensureProjects(order, context)));
    const now = new Date();
    const projects = await projectsRepo(context).listForCustomer(caller.uid);
    const byId = new Map(orders.map((order) => [order.id, order]));
    return privateJson(projects.map((project) => projectView(project, ['customer'], now, byId.get(project.orderId) ?? null)));
  },
});

export const config: Config = { path: '/api/projects' };
