/**
 * POST /api/consult/bookings { start, name, email, intendedMajor?, preferredEditor?, timeZone, requestId }:
 * books a free consult. 201 with the booking once the visitor holds the slot and the
 * confirmation e-mails (invite and cancel link) are sent or kept in the outbox; 400 for a slot that is
 * not on offer; 409 'That time was just taken' when someone else holds it. After a 503, the same
 * request (the same requestId) finishes the booking the first attempt began.
 */
import type { Config } from '@netlify/functions';
import { bookingRequestSchema, type BookedConsult } from '#features/consults/consult-rules.schema';
import { bookConsult } from '#features/consults/server/consult-booking';
import { json, readBody, route } from '#server/core/http';
import { preferredEditor } from '#features/editors/server/preferred-editor';

export default route({
  POST: async (req, context) => {
    const request = await readBody(req, bookingRequestSchema);
    const editor = await preferredEditor(request.preferredEditor, context);
    const { booking } = await bookConsult(request, context, {
      editorName: editor?.name ?? null,
      ip: context.ip ?? null,
    });
    const answer: BookedConsult = { id: booking.id, start: booking.start, end: booking.end, email: booking.email };
    return json(answer, { status: 201 });
  },
});

export const config: Config = {
  path: '/api/consult/bookings',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
