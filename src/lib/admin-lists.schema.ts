/**
 * The admin area's lists of inquiries, orders, waitlist and outbox: their shapes (admin-lists.ts) and what their
 * queries and bodies may hold. The functions parse with these schemas; the admin island imports
 * admin-lists.ts, not this file, which would bring zod along.
 */
import { z } from './zod';
import {
  INQUIRY_FILTERS,
  INQUIRY_WORK_TEXT_MAX,
  inquiryWorkMessages,
  MAIL_KINDS,
  OUTBOX_KEY_PATTERN,
  TIME_KEY_PATTERN,
} from './admin-lists';
import { emailSchema } from './schemas';

export * from './admin-lists';

/** `?status=` of GET /api/admin/inquiries. */
export const inquiryFilterSchema = z
  .enum(INQUIRY_FILTERS, { message: 'status must be all, open or handled' })
  .default('all');

/** PATCH /api/admin/inquiries: mark an inquiry handled, or open again. */
export const inquiryHandledSchema = z.object({
  id: z.string({ message: 'id must be text' }).regex(TIME_KEY_PATTERN, 'id is not an inquiry id'),
  handled: z.boolean({ message: 'handled must be true or false' }),
});

const inquiryId = z.string({ message: 'id must be text' }).regex(TIME_KEY_PATTERN, 'id is not an inquiry id');
const workText = z
  .string({ message: 'text must be text' })
  .trim()
  .min(1, inquiryWorkMessages.empty)
  .max(INQUIRY_WORK_TEXT_MAX, `text must be at most ${INQUIRY_WORK_TEXT_MAX} characters`);

/**
 * POST /api/admin/inquiries: our team's work on one inquiry: a note, a reply mailed to its address
 * (`requestId`: the same reply when sent again after a lost answer), or who looks after it.
 */
export const inquiryWorkSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      id: inquiryId,
      action: z.literal('note'),
      requestId: z.string().uuid('requestId must be a UUID'),
      text: workText,
    }),
    z.object({
      id: inquiryId,
      action: z.literal('reply'),
      requestId: z.string().uuid('requestId must be a UUID'),
      text: workText,
    }),
    z.object({ id: inquiryId, action: z.literal('owner'), owner: emailSchema.nullable() }),
  ],
  { message: 'action must be note, reply or owner' },
);

const editorIdText = z
  .string({ message: 'editor must be text' })
  .min(1, 'editor is required')
  .max(100, 'editor is too long');

/** GET /api/admin/waitlist: `?editor=` one editor's waitlist, `?format=csv` the export. */
export const waitlistQuerySchema = z.object({
  editor: editorIdText.optional(),
  format: z.enum(['json', 'csv'], { message: 'format must be json or csv' }).default('json'),
});

/** GET /api/admin/outbox: `?to=` the mails to one address, `?kind=` of one kind. */
export const outboxFilterSchema = z.object({
  to: z.string().trim().min(1, 'to must not be empty').max(254, 'to is too long').optional(),
  kind: z.enum(MAIL_KINDS, { message: 'kind is not a kind of mail' }).optional(),
});

/** POST /api/admin/outbox: send one kept mail again. */
export const outboxResendSchema = z.object({
  id: z.string({ message: 'id must be text' }).regex(OUTBOX_KEY_PATTERN, 'id is not an e-mail of the outbox'),
});

/** DELETE /api/admin/waitlist: one entry, `?editor=&email=`. */
export const waitlistEntrySchema = z.object({ editor: editorIdText, email: emailSchema });
