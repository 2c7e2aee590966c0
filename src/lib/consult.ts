/**
 * What the consult endpoints accept, as zod schemas built from the zod-free rules in
 * consult-rules.ts. The functions parse with these; the booking island, the cancel page and the admin
 * tab import consult-rules.ts instead, which keeps zod out of their JavaScript.
 */
import { MAJOR_VALUES } from './catalogue';
import { CANCEL_TOKEN_PATTERN, CONSULT_LIMITS, ISO_INSTANT, isTimeZone } from './consult-rules';
import { MAX_DAYS_OFF, MAX_WINDOWS_PER_DAY, WEEKDAYS, isIsoDate, minutesOfDay, windowsProblem, type Weekday } from './consult-availability';
import { UUID } from './ids';
import { emailSchema, requiredText } from './schemas';
import { z } from './zod';

export * from './consult-availability';
export * from './consult-rules';

/** POST /api/consult/bookings. Which slots exist is for the server to decide, not the schema. */
export const bookingRequestSchema = z.object({
  start: z.string({ message: 'start must be text' }).regex(ISO_INSTANT, 'start must be an ISO time such as 2026-03-09T14:00:00.000Z'),
  name: requiredText('name', CONSULT_LIMITS.name),
  email: emailSchema,
  intendedMajor: z.enum(['', ...MAJOR_VALUES] as [string, ...string[]], { message: 'intendedMajor is not one of the listed majors' }).default(''),
  // 'any' or an editor id; that the editor exists is checked against the store.
  preferredEditor: requiredText('preferredEditor', CONSULT_LIMITS.preferredEditor).default('any'),
  timeZone: z.string({ message: 'timeZone must be text' }).refine(isTimeZone, 'timeZone is not a known time zone'),
  // Made by the page once per request: a retry of the same request finds the booking the first made.
  requestId: z.string({ message: 'requestId must be text' }).regex(UUID, 'requestId must be a UUID'),
});

/** POST /api/consult/lookup and /api/consult/cancel: the token from the e-mail's cancel link. */
export const cancelTokenSchema = z.object({
  token: z.string({ message: 'token must be text' }).regex(CANCEL_TOKEN_PATTERN, 'token is not a cancel token'),
});

const timeOfDay = z.string({ message: 'times must be text' }).refine((t) => minutesOfDay(t) !== null, 'times must be quarter hours such as 09:30');
const daySchema = z
  .array(z.object({ start: timeOfDay, end: timeOfDay }), { message: 'each day must be a list of windows' })
  .max(MAX_WINDOWS_PER_DAY, `at most ${MAX_WINDOWS_PER_DAY} windows a day`)
  .superRefine((windows, ctx) => {
    const problem = windowsProblem(windows);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api/admin/consult-availability: the whole weekly pattern and the days off, New York time. */
export const availabilitySchema = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema])) as Record<Weekday, typeof daySchema>, {
    message: 'weekly must name every day from mon to sun',
  }),
  daysOff: z
    .array(z.string({ message: 'days off must be text' }).refine(isIsoDate, 'days off must be dates such as 2026-03-09'), {
      message: 'daysOff must be a list of dates',
    })
    .max(MAX_DAYS_OFF, `at most ${MAX_DAYS_OFF} days off`)
    .refine((days) => new Set(days).size === days.length, 'days off must not repeat'),
});
