/** What PUT /api/admin/notifications takes: the kinds chosen, each once, and whether as a daily digest. */
import { NOTIFICATION_KINDS } from './notifications';
import { z } from './zod';

export const notificationChoiceSchema = z.object({
  kinds: z
    .array(z.enum(NOTIFICATION_KINDS, { message: 'kinds must name the notifications there are' }))
    .max(NOTIFICATION_KINDS.length)
    .transform((kinds) => NOTIFICATION_KINDS.filter((kind) => kinds.includes(kind))),
  digest: z.boolean({ message: 'digest must be true or false' }),
});
