/**
 * /api/admin/notifications: the signed-in admin's own choice of notifications. GET answers it (nothing
 * chosen until they choose); PUT { kinds, digest } saves it, audited. Each admin, owner or staff, sets
 * only their own: the address is the caller's verified one.
 */
import type { Config } from '@netlify/functions';
import { notificationChoiceSchema } from '#lib/notifications.schema';
import { audited } from '#server/core/audit-log';
import { requireAdmin } from '#server/core/auth';
import { privateJson, readBody, route } from '#server/core/http';
import { notificationChoices } from '#server/core/notifications';

/** A choice as the audit log keeps it: one short value per field. */
const asFields = ({ kinds, digest }: { kinds: readonly string[]; digest: boolean }) => ({
  kinds: kinds.join(', ') || 'none',
  digest,
});

export default route({
  GET: async (req, context) => {
    const caller = await requireAdmin(req, context);
    return privateJson(await notificationChoices(context).get(caller.email));
  },
  PUT: async (req, context) => {
    const caller = await requireAdmin(req, context);
    const choice = await readBody(req, notificationChoiceSchema);
    const choices = notificationChoices(context);
    const change = {
      action: 'notifications-chosen',
      subject: { kind: 'staff', id: caller.email },
      before: asFields(await choices.get(caller.email)),
      after: asFields(choice),
    } as const;
    await audited(context, caller, change, () => choices.set(caller.email, choice, new Date()));
    return privateJson(choice);
  },
});

export const config: Config = { path: '/api/admin/notifications' };
