/**
 * DELETE /api/admin/consults/:id (admin): cancels a consult for the business. The booking stays, with
 * who cancelled it in its history; the slot is free again and the visitor gets the cancellation.
 */
import type { Config } from '@netlify/functions';
import { consultMessages } from '../../src/lib/consult-messages';
import { requireAdmin } from '../server/auth';
import { cancelConsult, consultItem } from '../server/consult-booking';
import { cancellationMails, sendEach } from '../server/consult-mail';
import { HttpError, privateJson, route } from '../server/http';
import { editorNames } from '../server/preferred-editor';

/** Booking ids are UUIDs; anything else names no booking (and no safe key). */
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export default route({
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = context.params.id ?? '';
    if (!BOOKING_ID.test(id)) throw new HttpError(404, consultMessages.consultNotFound);
    const now = new Date();
    const cancelled = await cancelConsult(id, { by: 'admin', admin: caller.email }, context, now);
    context.waitUntil(sendEach(cancellationMails(cancelled, { now }), context, `Consult ${id} cancellation`));
    return privateJson(consultItem(cancelled, await editorNames(context)));
  },
});

export const config: Config = { path: '/api/admin/consults/:id' };
