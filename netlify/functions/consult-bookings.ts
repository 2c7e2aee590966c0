/**
 * POST /api/consult/bookings { start, name, email, intendedMajor?, preferredEditor?, timeZone }: books
 * a free consult (DESIGN §12). 201 with the booking; 400 for a slot that is not on offer; 409 'That time
 * was just taken' when someone else holds it. The confirmation e-mails (invite and cancel link) go out
 * after the answer; without SMTP they wait in the outbox.
 */
import type { Config } from '@netlify/functions';
import { bookingRequestSchema, type BookedConsult } from '../../src/lib/consult';
import { bookConsult } from '../server/consult-booking';
import { confirmationMails, sendEach } from '../server/consult-mail';
import { json, readBody, route } from '../server/http';
import { preferredEditor } from '../server/preferred-editor';

export default route({
  POST: async (req, context) => {
    const request = await readBody(req, bookingRequestSchema);
    const editor = await preferredEditor(request.preferredEditor, context);
    const { booking, token } = await bookConsult(request, context);
    const mails = confirmationMails(booking, { token, editorName: editor?.name ?? null, now: new Date() });
    context.waitUntil(sendEach(mails, context, `Consult ${booking.id}`));
    const answer: BookedConsult = { id: booking.id, start: booking.start, end: booking.end, email: booking.email };
    return json(answer, { status: 201 });
  },
});

export const config: Config = {
  path: '/api/consult/bookings',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
