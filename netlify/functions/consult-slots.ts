/**
 * GET /api/consult/slots: the free 15-minute consult slots of the next 14 days, as
 * instants the page shows in the visitor's own zone. Never cached: a slot taken a moment ago must not
 * be offered again.
 */
import type { Config } from '@netlify/functions';
import { freeSlots } from '#features/consults/server/consult-booking';
import { json, route } from '#server/core/http';

export default route({
  GET: async (_req, context) => json(await freeSlots(context), { headers: { 'Cache-Control': 'no-store' } }),
});

export const config: Config = { path: '/api/consult/slots' };
