/** What the comment steps accept, parsed by the functions; the islands check the same limits with essay-comments.ts. */
import { text, z } from '#lib/zod';
import { ANCHOR_CONTEXT } from './essay-anchor';
import { COMMENT_LIMITS } from './essay-comments';
import { formatCount } from '#lib/numbers';

const offset = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`);

const context = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .max(ANCHOR_CONTEXT, `${field} must be at most ${ANCHOR_CONTEXT} characters`);

/** A passage of the round's draft: its quote must be as long as its range. */
const anchorSchema = z
  .object({
    block: offset('anchor.block'),
    start: offset('anchor.start'),
    end: offset('anchor.end'),
    quote: z
      .string({ message: 'anchor.quote must be text' })
      .min(1, 'anchor.quote is required')
      .max(COMMENT_LIMITS.quote, `anchor.quote must be at most ${formatCount(COMMENT_LIMITS.quote)} characters`),
    prefix: context('anchor.prefix'),
    suffix: context('anchor.suffix'),
  })
  .refine((a) => a.end - a.start === a.quote.length && a.quote.trim() !== '', {
    message: 'anchor must quote the passage from start to end',
  });

const commentId = z.string({ message: 'commentId must be text' }).uuid('commentId must be a comment id');

export const commentSchema = z.object({ anchor: anchorSchema, text: text('text', COMMENT_LIMITS.text) });
export const removeCommentSchema = z.object({ commentId });
export const markCommentSchema = z.object({ commentId, done: z.boolean({ message: 'done must be true or false' }) });
