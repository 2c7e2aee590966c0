/** zod schemas of an application (POST /api/applications) and of our team's decision on one. */
import { z } from '#lib/zod';
import { emailSchema, requiredText, text } from '#lib/schemas';
import { APPLICATION_LIMITS as L, graduationYears } from './application';

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** The form's fields as posted natively: text, with the two numbers as typed. */
export const NUMBER_FIELDS = ['graduationYear', 'capacity'] as const;

export const applicationSchema = z.object({
  name: requiredText('name', L.name),
  email: emailSchema,
  college: requiredText('college', L.college),
  major: requiredText('major', L.major),
  graduationYear: z
    .number({ message: 'graduationYear must be a year' })
    .int('graduationYear must be a year')
    .refine((year) => graduationYears().includes(year), 'graduationYear must be one of the years offered'),
  scores: text('scores', L.scores),
  activities: requiredText('activities', L.activities),
  writingSample: requiredText('writingSample', L.writingSample).refine(
    (sample) => sample.length >= L.writingSampleMin,
    `writingSample must be at least ${L.writingSampleMin} characters`,
  ),
  capacity: wholeNumber('capacity', L.capacityMin, L.capacityMax),
});

/** PATCH /api/admin/applications: move one application on; declining needs a note the applicant reads. */
export const applicationDecisionSchema = z
  .object({
    key: z.string({ message: 'key must be text' }).min(1).max(80),
    stage: z.enum(['interviewing', 'accepted', 'declined'], {
      message: 'stage must be interviewing, accepted or declined',
    }),
    note: text('note', L.declineNote).default(''),
  })
  .refine((d) => d.stage !== 'declined' || d.note !== '', { message: 'note is required to decline', path: ['note'] });

/** GET /api/admin/applications: one stage's applications, or all. */
export const applicationsQuerySchema = z.object({
  stage: z.enum(['all', 'new', 'interviewing', 'accepted', 'declined']).default('all'),
});
