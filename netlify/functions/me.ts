/** GET /api/me: who the signed-in caller is, whether an admin, and which add-ons they own. */
import type { Config } from '@netlify/functions';
import { authenticate } from '../server/auth';
import { customersRepo } from '../server/customers.repo';
import { json, route } from '../server/http';

export default route({
  GET: async (req, context) => {
    const caller = await authenticate(req, context);
    const { ownedAddOns } = await customersRepo(context).get(caller.uid);
    return json({ email: caller.email, isAdmin: caller.isAdmin, ownedAddOns }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/me' };
