/**
 * /api/admin/consult-availability (admin): GET the weekly consult windows, days off, open dates and
 * meeting link (New York time; the defaults until first saved), PUT the whole of them back. Slots
 * follow at once. Booked consults on the days off answer 409 `{ error, conflicts }` and nothing is
 * saved, unless the PUT names each of them in `cancelConsults`: then they are cancelled (each visitor
 * told) and the rest saved. Visitors whose meeting link changed are e-mailed the new one.
 */
import type { Config } from '@netlify/functions';
import { availabilityUpdateSchema } from '#features/consults/consult-rules.schema';
import { consultMessages } from '#features/consults/consult-messages';
import type { AvailabilityConflict, ConsultItem } from '#features/consults/consult-rules';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { updateAvailability } from '#features/consults/server/consult-admin';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { HttpError, privateJson, readBody, route } from '#server/core/http';

/** The save refused for the booked consults on its days off, which the admin is shown. */
class ConsultsOnDaysOff extends HttpError {
  constructor(readonly conflicts: ConsultItem[]) {
    super(409, consultMessages.conflictsOnDaysOff(conflicts.length));
  }
}

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    return privateJson(await consultsRepo(context).availability());
  },
  PUT: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const { cancelConsults, ...availability } = await readBody(req, availabilityUpdateSchema);
    const before = (await consultsRepo(context).availability()).availability;
    const change = {
      action: 'availability-changed',
      subject: { kind: 'availability', id: 'consults' },
      before,
      after: availability,
    } as const;
    try {
      const saved = await audited(context, caller, change, async () => {
        const result = await updateAvailability(availability, cancelConsults, caller.email, context);
        // Refused: nothing was saved, so the audit keeps no entry of it.
        if ('conflicts' in result) throw new ConsultsOnDaysOff(result.conflicts);
        return result.saved;
      });
      return privateJson(saved);
    } catch (error) {
      if (!(error instanceof ConsultsOnDaysOff)) throw error;
      const answer: AvailabilityConflict = { error: error.message, conflicts: error.conflicts };
      return Response.json(answer, { status: 409, headers: { 'Cache-Control': 'private, no-store' } });
    }
  },
});

export const config: Config = { path: '/api/admin/consult-availability' };
