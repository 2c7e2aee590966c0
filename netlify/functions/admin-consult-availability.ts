/**
 * /api/admin/consult-availability (admin): GET the weekly consult windows and days off (New York
 * time; the defaults until first saved), PUT the whole of them back. Slots follow at once.
 */
import type { Config } from '@netlify/functions';
import { availabilitySchema } from '../../src/lib/consult';
import { audited } from '../server/audit-log';
import { requireAdmin } from '../server/auth';
import { consultsRepo } from '../server/consults.repo';
import { privateJson, readBody, route } from '../server/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await consultsRepo(context).availability());
  },
  PUT: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const availability = await readBody(req, availabilitySchema);
    const repo = consultsRepo(context);
    const change = { action: 'availability-changed', subject: { kind: 'availability', id: 'consults' }, before: (await repo.availability()).availability, after: availability } as const;
    return privateJson(await audited(context, caller, change, () => repo.saveAvailability(availability)));
  },
});

export const config: Config = { path: '/api/admin/consult-availability' };
