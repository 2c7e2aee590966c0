/**
 * /api/admin/consult-availability (admin): GET the weekly consult windows and days off (New York
 * time; the defaults until first saved), PUT the whole of them back. Slots follow at once.
 */
import type { Config } from '@netlify/functions';
import { availabilitySchema } from '../../src/lib/consult';
import { requireAdmin } from '../server/auth';
import { consultsRepo } from '../server/consults.repo';
import { privateJson, readBody, route } from '../server/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await consultsRepo(context).availability());
  },
  PUT: async (req, context) => {
    await requireAdmin(req, context);
    const availability = await readBody(req, availabilitySchema);
    return privateJson(await consultsRepo(context).saveAvailability(availability));
  },
});

export const config: Config = { path: '/api/admin/consult-availability' };
