/**
 * What the privacy endpoints accept, parsed by the functions; the islands never import this file,
 * which would bring zod along.
 */
import { adminCloseTexts, DEFAULT_REVIEW_CHOICE, REVIEW_CHOICES } from './privacy';
import { emailSchema } from '#lib/schemas';
import { z } from '#lib/zod';

/** The family removes one round's draft, named by its number (1 is the first draft). */
export const removeDraftSchema = z.object({
  round: z
    .number({ message: 'round must be a number' })
    .int('round must be a whole number')
    .min(1, 'round must be at least 1'),
});

/** A signed unsubscribe token as a link carries it (unsubscribe-token.ts checks the signature). */
export const unsubscribeTokenSchema = z.object({
  token: z
    .string({ message: 'token is required' })
    .max(600, 'token is too long')
    .regex(/^[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]+$/, 'token is not an unsubscribe link'),
});

/** The policy page's form: the address to mail an unsubscribe link to. */
export const unsubscribeLinkSchema = z.object({ email: emailSchema });

/**
 * Closing an account confirms what the page said: each open project's refund, in cents (0 for a
 * withdrawal). The server closes only if that is still what closing does.
 */
const endingsSchema = z
  .array(
    z.object({
      projectId: z.string().max(40, 'projectId is too long'),
      refundCents: z.number().int('refundCents must be whole cents').min(0, 'refundCents cannot be negative'),
    }),
  )
  .max(200, 'too many endings');

/** The person also chooses what becomes of their published reviews (their scores only, unless they say). */
export const closeAccountSchema = z.object({
  endings: endingsSchema,
  review: z
    .enum(REVIEW_CHOICES, { message: `review must be ${REVIEW_CHOICES.join(', ')}` })
    .default(DEFAULT_REVIEW_CHOICE),
});

/**
 * The admin's Privacy tab, for a request that came by mail: look a person up, download their export,
 * see what closing their account does, or close it with the reason and the endings the admin read.
 */
const byAddress = <A extends string>(action: A) => z.object({ email: emailSchema, action: z.literal(action) });

export const adminPrivacySchema = z.discriminatedUnion(
  'action',
  [
    byAddress('lookup'),
    byAddress('export'),
    byAddress('close-preview'),
    z.object({
      email: emailSchema,
      action: z.literal('close'),
      reason: z
        .string({ message: 'reason is required' })
        .trim()
        .min(1, adminCloseTexts.reasonRequired)
        .max(adminCloseTexts.reasonMax, 'reason is too long'),
      endings: endingsSchema,
    }),
  ],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === 'invalid_union_discriminator'
          ? 'action must be lookup, export, close-preview or close'
          : ctx.defaultError,
    }),
  },
);
