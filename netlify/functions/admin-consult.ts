/**
 * DELETE /api/admin/consults/:id (admin): cancels a consult for the business. The booking stays, with
 * who cancelled it in its history; the slot is free again and the visitor gets the cancellation.
 */
import type { Config } from '@netlify/functions';
import { consultMessages } from '../../src/lib/consult-messages';
import { UUID } from '../../src/lib/ids';
import { audited } from '../server/audit-log';
import { requireAdmin } from '../server/auth';
import { cancelConsult, consultItem } from '../server/consult-booking';
import { HttpError, privateJson, route } from '../server/http';
import { editorNames } from '../server/preferred-editor';


export default route({
  DELETE: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const id = context.params.id ?? '';
    // Booking ids are UUIDs; anything else names no booking (and no safe key).
    if (!UUID.test(id)) throw new HttpError(404, consultMessages.consultNotFound);
    const change = { action: 'consult-cancelled', subject: { kind: 'consult', id }, before: { status: 'booked' }, after: { status: 'cancelled' } } as const;
    const cancelled = await audited(context, caller, change, () => cancelConsult(id, { by: 'admin', admin: caller.email }, context));
    return privateJson(consultItem(cancelled, await editorNames(context)));
  },
});

export const config: Config = { path: '/api/admin/consults/:id' };
