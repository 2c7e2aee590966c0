/** What the sample endpoints accept, parsed by the functions; the islands check the same limits with samples.ts. */
import { z } from '#lib/zod';
import { requiredText, text } from '#lib/schemas';
import { SAMPLE_DECISIONS, SAMPLE_LIMITS } from './samples';

const sampleId = (field: string) => z.string({ message: `${field} must be text` }).uuid(`${field} must be a sample id`);

/** Whether `value` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
const isDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};
const day = z
  .string({ message: 'consent.givenOn must be a date' })
  .refine(isDay, 'consent.givenOn must be a date (YYYY-MM-DD)');

const commentInput = z.object({
  quote: requiredText('comments.quote', SAMPLE_LIMITS.quote),
  text: requiredText('comments.text', SAMPLE_LIMITS.comment),
});

export const sampleInputSchema = z.object({
  /** Made by the page for a new sample, so a retry saves the same one. */
  id: sampleId('id'),
  title: requiredText('title', SAMPLE_LIMITS.title),
  text: requiredText('text', SAMPLE_LIMITS.text),
  comments: z
    .array(commentInput, { message: 'comments must be a list' })
    .max(SAMPLE_LIMITS.comments, `comments can hold at most ${SAMPLE_LIMITS.comments}`),
  source: z.enum(['own', 'family'], { message: 'source must be own or family' }),
  consent: z
    .object({
      by: requiredText('consent.by', SAMPLE_LIMITS.name),
      role: z.enum(['parent', 'student'], { message: 'consent.role must be parent or student' }),
      givenOn: day,
      student: requiredText('consent.student', SAMPLE_LIMITS.name),
    })
    .optional(),
});

export const sampleRemoveSchema = z.object({ id: sampleId('id') });

export const sampleDecisionSchema = z.object({
  editorId: requiredText('editorId', 100),
  sampleId: sampleId('sampleId'),
  decision: z.enum(Object.keys(SAMPLE_DECISIONS) as [keyof typeof SAMPLE_DECISIONS], {
    message: 'decision must be approve, decline or withdraw',
  }),
  reason: text('reason', SAMPLE_LIMITS.comment).optional(),
});

/** `?editor=` of the public list: one editor's samples, or every editor's without it. */
export const sampleEditorSchema = text('editor', 100).optional();

const blockSchema = z.object({ kind: z.enum(['p', 'h', 'li']), text: z.string() });
const anchor = z.object({
  block: z.number().int().min(0),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
});

/** An approved sample as the public list serves it: what the build checks before rendering it. */
export const publicSampleSchema = z.object({
  editorId: z.string(),
  id: z.string(),
  title: z.string(),
  blocks: z.array(blockSchema),
  comments: z.array(z.object({ id: z.string(), anchor, text: z.string() })),
  source: z.enum(['own', 'family']),
  approvedAt: z.string(),
});
