/**
 * GET /api/admin/consults (admin): the upcoming consults, soonest first, each with its history. The
 * list is found through the claims of the next two weeks' slots, never by reading every booking; it
 * cannot grow past the slots of that horizon, so it comes in one page.
 */
import type { Config } from '@netlify/functions';
import { DAY_MS, HORIZON_DAYS } from '../../src/lib/consult-rules';
import { requireAdmin } from '../server/auth';
import { consultItem } from '../server/consult-booking';
import { consultsRepo } from '../server/consults.repo';
import { privateJson, route } from '../server/http';
import { editorNames } from '../server/preferred-editor';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const now = new Date();
    const bookings = await consultsRepo(context).heldBookings(now, new Date(now.getTime() + (HORIZON_DAYS + 1) * DAY_MS));
    const names = await editorNames(context);
    return privateJson({ items: bookings.map((booking) => consultItem(booking, names)) });
  },
});

export const config: Config = { path: '/api/admin/consults' };
