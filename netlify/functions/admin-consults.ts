/**
 * GET /api/admin/consults (admin): the upcoming consults, soonest first, each with its history and
 * meeting link; the cancelled ones stay, marked so. The list is found through the claims and the
 * cancellations of the next two weeks' slots, never by reading every booking; it grows only with the
 * bookings of that horizon, so it comes in one page.
 */
import type { Config } from '@netlify/functions';
import { DAY_MS, HORIZON_DAYS } from '#features/consults/consult-rules';
import { requireAdmin } from '#server/core/auth';
import { consultItem } from '#features/consults/server/consult-booking';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { privateJson, route } from '#server/core/http';
import { editorNames } from '#features/editors/server/preferred-editor';

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const now = new Date();
    const repo = consultsRepo(context);
    const [bookings, names, { availability }] = await Promise.all([
      repo.bookingsBetween(now, new Date(now.getTime() + (HORIZON_DAYS + 1) * DAY_MS)),
      editorNames(context),
      repo.availability(),
    ]);
    return privateJson({ items: bookings.map((booking) => consultItem(booking, names, availability)) });
  },
});

export const config: Config = { path: '/api/admin/consults' };
