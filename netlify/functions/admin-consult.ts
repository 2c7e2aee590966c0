/**
 * /api/admin/consults/:id (admin). DELETE cancels a consult for the business: the booking stays, with
 * who cancelled it in its history; the slot is free again and the visitor gets the cancellation.
 * PATCH { meetingLink } sets this consult's own meeting link ('' for the availability's); the visitor
 * is e-mailed the link when the one that applies changed.
 */
import type { Config } from '@netlify/functions';
import { consultLinkSchema } from '#features/consults/consult-rules.schema';
import { consultMessages } from '#features/consults/consult-messages';
import { UUID } from '#lib/ids';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { setConsultLink } from '#features/consults/server/consult-admin';
import { cancelConsult, consultItem } from '#features/consults/server/consult-booking';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { HttpError, privateJson, readBody, route } from '#server/core/http';
import { editorNames } from '#features/editors/server/preferred-editor';

/** Booking ids are UUIDs; anything else names no booking (and no safe key). */
function bookingId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new HttpError(404, consultMessages.consultNotFound);
  return id;
}

export default route({
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = bookingId(context.params.id);
    const change = {
      action: 'consult-cancelled',
      subject: { kind: 'consult', id },
      before: { status: 'booked' },
      after: { status: 'cancelled' },
    } as const;
    const cancelled = await audited(context, caller, change, () =>
      cancelConsult(id, { by: 'admin', admin: caller.email }, context),
    );
    const [names, { availability }] = await Promise.all([editorNames(context), consultsRepo(context).availability()]);
    return privateJson(consultItem(cancelled, names, availability));
  },
  PATCH: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = bookingId(context.params.id);
    const { meetingLink } = await readBody(req, consultLinkSchema);
    const booking = (await consultsRepo(context).get(id))?.value;
    const change = {
      action: 'consult-link-changed',
      subject: { kind: 'consult', id },
      before: booking ? { meetingLink: booking.meetingLink } : null,
      after: booking ? { meetingLink } : null,
    } as const;
    return privateJson(await audited(context, caller, change, () => setConsultLink(id, meetingLink, context)));
  },
});

export const config: Config = { path: '/api/admin/consults/:id' };
