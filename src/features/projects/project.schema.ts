/**
 * What the delivery endpoints accept, parsed by the functions. The islands check the same
 * limits with delivery.ts and never import this file, which would bring zod along.
 */
import { PROJECT_STATES } from './project';
import { DELIVERY_LIMITS } from './process';
import { WORD_LIMIT_BOUNDS } from '#features/essay/essay-limits';
import { UUID } from '#lib/ids';
import { text, z } from '#lib/zod';

/** The version of the project the request was made against: an older one is stale (409). */
const version = z
  .number({ message: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1');

/** Text that may be left empty (the step says what it needs), trimmed, at most `max` characters. */
const optionalText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** A random UUID: our file ids, and the id an admin refund request carries. */
export const FILE_ID = UUID;
const fileId = z.string({ message: 'fileId must be text' }).regex(FILE_ID, 'fileId is not a file of ours');

/** Links to documents must be https. */
const httpsUrl = z
  .string({ message: 'url must be text' })
  .trim()
  .max(DELIVERY_LIMITS.url, `url must be at most ${DELIVERY_LIMITS.url} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'url must be an https:// link to your document');

const draftSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), text: text('text', DELIVERY_LIMITS.text) }),
    z.object({ kind: z.literal('file'), fileId }),
    z.object({ kind: z.literal('link'), url: httpsUrl }),
  ],
  { message: 'draft must be pasted text, an uploaded file or an https link' },
);

export const submitSchema = z.object({
  version,
  /** Required with the first draft; a revision keeps the prompt unless a new one is given. */
  prompt: optionalText('prompt', DELIVERY_LIMITS.prompt).default(''),
  draft: draftSchema,
  /** The prompt's word limit; absent keeps the previous round's, null states none. */
  wordLimit: z
    .number({ message: 'wordLimit must be a whole number' })
    .int('wordLimit must be a whole number')
    .min(WORD_LIMIT_BOUNDS.min, `wordLimit must be at least ${WORD_LIMIT_BOUNDS.min}`)
    .max(WORD_LIMIT_BOUNDS.max, `wordLimit must be at most ${WORD_LIMIT_BOUNDS.max}`)
    .nullable()
    .optional(),
});
export const acknowledgeSchema = z.object({ version, message: text('message', DELIVERY_LIMITS.message) });
/** Our team says why (required of an admin, by the step); a family withdrawing its own project need not. */
export const withdrawSchema = z.object({ version, reason: text('reason', DELIVERY_LIMITS.withdrawReason).optional() });
export const returnSchema = z.object({
  version,
  notes: text('notes', DELIVERY_LIMITS.notes),
  fileIds: z
    .array(fileId, { message: 'fileIds must be a list' })
    .max(DELIVERY_LIMITS.filesPerReturn, `at most ${DELIVERY_LIMITS.filesPerReturn} files`)
    .refine((ids) => new Set(ids).size === ids.length, 'fileIds must not repeat')
    .default([]),
});
export const versionOnlySchema = z.object({ version });
/** Why the family asks for help with feedback, or why our team decided: required by the step, which says so. */
export const helpSchema = z.object({ version, reason: optionalText('reason', DELIVERY_LIMITS.helpReason).optional() });
/** A cancel says what refund the page showed: the server refuses one that would give back less. */
export const cancelSchema = z.object({
  version,
  refundCents: z.number({ message: 'refundCents must be a number' }).int().nonnegative().optional(),
});
/** A message does not depend on what else happened meanwhile: no version. */
export const messageSchema = z.object({ text: text('text', DELIVERY_LIMITS.message) });
export const reassignSchema = z.object({
  version,
  editorId: z.string({ message: 'editorId must be text' }).trim().min(1, 'editorId is required').max(100),
});

/** `?state=&editor=&late=` of the admin's project list. */
export const adminProjectFilterSchema = z.object({
  state: z.enum(PROJECT_STATES, { message: 'state is not a project state' }).optional(),
  editor: z.string().max(100).optional(),
  late: z.enum(['true', 'false'], { message: 'late must be true or false' }).optional(),
  unacknowledged: z.enum(['true', 'false'], { message: 'unacknowledged must be true or false' }).optional(),
});

/** `?shelf=` of the editor's inbox: open projects (default) or finished ones. */
export const shelfSchema = z.enum(['open', 'done'], { message: 'shelf must be open or done' }).default('open');

const projectList = (field: string) =>
  z
    .array(z.string().max(40), { message: `${field} must be a list` })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, `${field} must not repeat`)
    .default([]);

/**
 * POST /api/admin/orders/:id/refunds: any amount up to what remains, with a reason, optionally
 * cancelling projects of the order, and naming those that had ended which it is for (their editors' earnings give
 * back its share). `requestId` (made once by the admin's browser) makes a retried
 * request the same refund.
 */
export const adminRefundSchema = z.object({
  requestId: z.string({ message: 'requestId must be text' }).regex(FILE_ID, 'requestId must be a UUID'),
  amountCents: z
    .number({ message: 'amountCents must be a number' })
    .int('amountCents must be whole cents')
    .min(1, 'amountCents must be at least 1')
    .max(100_000_000),
  reason: text('reason', 500),
  projectIds: projectList('projectIds'),
  forProjectIds: projectList('forProjectIds'),
});
