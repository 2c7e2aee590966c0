/** What the review steps accept, parsed by the functions; the islands check the same limits with reviews.ts. */
import { text, z } from '#lib/zod';
import { REVIEW_SCORES, reviewScoreLabel, type ReviewScore } from './rating';
import { REVIEW_FLAG_FILTERS, REVIEW_LIMITS } from './reviews';
import { formatCount } from '#lib/numbers';

const score = (field: string) =>
  z
    .number({ message: `${field} must be a score from 1 to 5` })
    .int(`${field} must be a whole score from 1 to 5`)
    .min(1, `${field} must be a score from 1 to 5`)
    .max(5, `${field} must be a score from 1 to 5`);

const optionalText = z
  .string({ message: 'text must be text' })
  .trim()
  .max(REVIEW_LIMITS.text, `text must be at most ${formatCount(REVIEW_LIMITS.text)} characters`)
  .default('');

/** The family's three scores, each 1..5, and what they want to say. */
export const familyReviewSchema = z.object({
  scores: z.object(
    Object.fromEntries(REVIEW_SCORES.map((name) => [name, score(reviewScoreLabel[name])])) as Record<
      ReviewScore,
      ReturnType<typeof score>
    >,
    { message: 'scores must give feedback, communication and onTime' },
  ),
  text: optionalText,
});

/** The editor's one score of the family's collaboration, for our team. */
export const editorReviewSchema = z.object({ score: score('score'), text: optionalText });

export const replySchema = z.object({ text: text('text', REVIEW_LIMITS.reply) });
export const hideReviewSchema = z.object({ reason: text('reason', REVIEW_LIMITS.hideReason) });
/** Publishing a held review asks nothing more than that. */
export const publishReviewSchema = z.object({});

/** `?editor=&score=&hidden=&held=` of the admin's reviews list; `score` is the family's overall score, rounded. */
export const adminReviewFilterSchema = z.object({
  editor: z
    .string({ message: 'editor must be text' })
    .min(1, 'editor must not be empty')
    .max(100, 'editor is too long')
    .optional(),
  score: z.coerce
    .number({ message: 'score must be a whole number from 1 to 5' })
    .int('score must be a whole number from 1 to 5')
    .min(1, 'score must be a whole number from 1 to 5')
    .max(5, 'score must be a whole number from 1 to 5')
    .optional(),
  hidden: z.enum(REVIEW_FLAG_FILTERS, { message: 'hidden must be true or false' }).optional(),
  /** 'true': held reviews our team has not decided on yet; 'false': every other. */
  held: z.enum(REVIEW_FLAG_FILTERS, { message: 'held must be true or false' }).optional(),
});
