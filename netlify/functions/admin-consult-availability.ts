/**
 * /api/admin/consult-availability (admin): GET the weekly consult windows, days off, open dates and
 * meeting link (New York time; the defaults until first saved), PUT the whole of them back. Slots
 * follow at once. Booked consults on the days off answer 409 `{ error, conflicts }` and nothing is
 * saved, unless the PUT names each of them in `cancelConsults`: then they are cancelled (each visitor
 * told) and the rest saved. Visitors whose meeting link changed are e-mailed the new one.
 */
import type { Config } from '@netlify/functions';
import { availabilityUpdateSchema } from '../../src/lib/consult';
import { consultMessages } from '../../src/lib/consult-messages';
import type { AvailabilityConflict } from '../../src/lib/consult-rules';
import { requireAdmin } from '../server/auth';
import { updateAvailability } from '../server/consult-admin';
import { consultsRepo } from '../server/consults.repo';
import { privateJson, readBody, route } from '../server/http';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await consultsRepo(context).availability());
  },
  PUT: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { cancelConsults, ...availability } = await readBody(req, availabilityUpdateSchema);
    const result = await updateAvailability(availability, cancelConsults, caller.email, context);
    if ('saved' in result) return privateJson(result.saved);
    const answer: AvailabilityConflict = { error: consultMessages.conflictsOnDaysOff(result.conflicts.length), conflicts: result.conflicts };
    return Response.json(answer, { status: 409, headers: { 'Cache-Control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/admin/consult-availability' };
