/**
 * zod schemas of an editor: what an admin sends to create or change one, what the API serves, and the
 * editor's own bio. The browser takes the types from editor-rules.ts.
 */
import { z } from '#lib/zod';
import { emailSchema, requiredText, text } from '#lib/schemas';
import {
  BIO_MAX_LENGTH,
  EDITOR_TEXT_LIMITS,
  MAX_SLOTS,
  isImageReference,
  isRequiredEditorField,
  type EditorTextField,
} from './editor-input';

const slotCount = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0)
    .max(MAX_SLOTS);

const featuredSchema = z.object({ home: z.boolean(), about: z.boolean() });

/**
 * What an admin may send to create or update an editor. The admin form checks the same
 * rules without zod (islands/admin/editor-form.ts); a unit test holds the two together.
 */
const editorText = (field: EditorTextField) =>
  (isRequiredEditorField(field) ? requiredText : text)(field, EDITOR_TEXT_LIMITS[field]);
export const editorInputSchema = z
  .object({
    name: editorText('name'),
    image: editorText('image').refine(isImageReference, 'image must be a path starting with / or an http(s) URL'),
    college: editorText('college'),
    major: editorText('major'),
    sat: editorText('sat'),
    gpa: editorText('gpa'),
    ecs: editorText('ecs'),
    strengths: editorText('strengths'),
    /** Absent keeps the stored bio: the editor writes it too (PUT /api/editor/profile). */
    bio: editorText('bio').optional(),
    slotsOpen: slotCount('slotsOpen'),
    totalSlots: slotCount('totalSlots').min(1, 'totalSlots must be at least 1'),
    featured: featuredSchema.default({ home: false, about: false }),
    /** The address the editor signs in with; '' unlinks it, absent keeps what is stored. */
    accountEmail: z.union([z.literal(''), emailSchema]).optional(),
    /** Off the site: no new orders or waitlist sign-ups, everything kept. Absent keeps what is stored. */
    hidden: z.boolean().optional(),
  })
  .refine((e) => e.slotsOpen <= e.totalSlots, { message: 'slotsOpen must not exceed totalSlots', path: ['slotsOpen'] });
export type EditorInput = z.infer<typeof editorInputSchema>;

/** PATCH /api/database/editors/:id: hides an editor from the site or shows them again. */
export const editorVisibilitySchema = z.strictObject({
  hidden: z.boolean({ message: 'hidden must be true or false' }),
});

/** An editor as the API serves it: exactly these fields, the featured flags included. */
export const editorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  college: z.string(),
  major: z.string(),
  sat: z.string(),
  gpa: z.string(),
  ecs: z.string(),
  strengths: z.string(),
  /** In the editor's words, for their profile page; '' until written. */
  bio: z.string().default(''),
  slotsOpen: z.number(),
  totalSlots: z.number(),
  featured: featuredSchema,
  /** Published reviews: the average once there are enough of them. */
  rating: z.object({ count: z.number(), average: z.number().nullable() }).default({ count: 0, average: null }),
  /** Rounds returned over the recent period, and the share on time once there are enough. */
  onTime: z.object({ rounds: z.number(), share: z.number().nullable() }).default({ rounds: 0, share: null }),
  /** Projects finished, the typical time to acknowledge a draft once there are enough, and when they joined. */
  track: z
    .object({ finished: z.number(), responseMs: z.number().nullable(), since: z.string() })
    .default({ finished: 0, responseMs: null, since: '' }),
});
export type Editor = z.infer<typeof editorSchema>;

export const editorBioSchema = z.object({ bio: text('bio', BIO_MAX_LENGTH) });

/** POST /api/editor-invite: the invitation link's token; `accept` (signed in) takes it up. */
export const invitationTokenSchema = z.object({
  token: z.string({ message: 'token must be text' }).min(1, 'token is required').max(1000, 'token is too long'),
  accept: z.boolean({ message: 'accept must be true or false' }).default(false),
});

/** POST /api/admin/editors: send editor `editorId` a new invitation. */
export const resendInvitationSchema = z.object({
  editorId: z.string({ message: 'editorId must be text' }).min(1, 'editorId is required').max(100),
});

/** GET /api/admin/editors?counts=false: the editors without their project counts (a filter's or a reassignment's choices). */
export const adminEditorsQuerySchema = z.object({
  counts: z.enum(['true', 'false'], { message: 'counts must be true or false' }).default('true'),
});
