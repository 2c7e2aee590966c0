/** What GET /api/admin/audit and PATCH /api/admin/attention may be sent; the admin island imports audit.ts instead. */
import { z } from './zod';

/** `?subject=` of GET /api/admin/audit: an editor, consult, order, project, subscriber or inquiry id. */
export const auditSubjectSchema = z
  .string()
  .trim()
  .min(1, 'subject must not be empty')
  .max(300, 'subject is too long')
  .optional();

/** PATCH /api/admin/attention: an event the owner has seen. Ids are the attention store's keys. */
export const attentionSeenSchema = z.object({
  id: z
    .string({ message: 'id must be text' })
    .max(200, 'id is too long')
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[a-z]+(?:-[A-Za-z0-9_]+)+$/, 'id is not an event id'),
  seen: z.literal(true, { message: 'seen must be true' }),
});
