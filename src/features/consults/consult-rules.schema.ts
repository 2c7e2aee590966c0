/**
 * What the consult endpoints accept, as zod schemas built from the zod-free rules in
 * consult-rules.ts. The functions parse with these; the booking island, the cancel page and the admin
 * tab import consult-rules.ts instead, which keeps zod out of their JavaScript.
 */
import { MAJOR_VALUES } from '#lib/catalogue';
import { CANCEL_TOKEN_PATTERN, CONSULT_LIMITS, ISO_INSTANT, isTimeZone } from './consult-rules';
import {
  MAX_DAYS_OFF,
  MAX_OPEN_DATES,
  MAX_WINDOWS_PER_DAY,
  WEEKDAYS,
  isIsoDate,
  meetingLinkProblem,
  minutesOfDay,
  windowsProblem,
  type Weekday,
} from './consult-availability';
import { UUID } from '#lib/ids';
import { emailSchema, requiredText } from '#lib/schemas';
import { z } from '#lib/zod';

export * from './consult-availability';
export * from './consult-rules';

/** POST /api/consult/bookings. Which slots exist is for the server to decide, not the schema. */
export const bookingRequestSchema = z.object({
  start: z
    .string({ message: 'start must be text' })
    .regex(ISO_INSTANT, 'start must be an ISO time such as 2026-03-09T14:00:00.000Z'),
  name: requiredText('name', CONSULT_LIMITS.name),
  email: emailSchema,
  intendedMajor: z
    .enum(['', ...MAJOR_VALUES] as [string, ...string[]], { message: 'intendedMajor is not one of the listed majors' })
    .default(''),
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

const timeOfDay = z
  .string({ message: 'times must be text' })
  .refine((t) => minutesOfDay(t) !== null, 'times must be quarter hours such as 09:30');
const daySchema = z
  .array(z.object({ start: timeOfDay, end: timeOfDay }), { message: 'each day must be a list of windows' })
  .max(MAX_WINDOWS_PER_DAY, `at most ${MAX_WINDOWS_PER_DAY} windows a day`)
  .superRefine((windows, ctx) => {
    const problem = windowsProblem(windows);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const isoDate = (what: string) =>
  z.string({ message: `${what} must be text` }).refine(isIsoDate, `${what} must be dates such as 2026-03-09`);

/** '' for none, or an https address; the e-mails carry it. */
const meetingLinkSchema = z
  .string({ message: 'meetingLink must be text' })
  .trim()
  .superRefine((link, ctx) => {
    const problem = meetingLinkProblem(link);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The whole weekly pattern, the days off, the dates with hours of their own and the meeting link, New York time. */
const availabilityFields = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema])) as Record<Weekday, typeof daySchema>, {
    message: 'weekly must name every day from mon to sun',
  }),
  daysOff: z
    .array(isoDate('days off'), { message: 'daysOff must be a list of dates' })
    .max(MAX_DAYS_OFF, `at most ${MAX_DAYS_OFF} days off`)
    .refine((days) => new Set(days).size === days.length, 'days off must not repeat'),
  openDates: z
    .array(
      z.object({
        date: isoDate('open dates'),
        windows: daySchema.refine((w) => w.length > 0, 'an open date needs hours'),
      }),
      {
        message: 'openDates must be a list of dates with hours',
      },
    )
    .max(MAX_OPEN_DATES, `at most ${MAX_OPEN_DATES} open dates`)
    .refine((dates) => new Set(dates.map((d) => d.date)).size === dates.length, 'open dates must not repeat')
    .default([]),
  meetingLink: meetingLinkSchema.default(''),
});
function noDateBothWays({ daysOff, openDates }: z.infer<typeof availabilityFields>, ctx: z.RefinementCtx) {
  const both = openDates.find((d) => daysOff.includes(d.date));
  if (both)
    ctx.addIssue({
      code: 'custom',
      path: ['openDates'],
      message: `${both.date} cannot be both a day off and an open date`,
    });
}
export const availabilitySchema = availabilityFields.superRefine(noDateBothWays);

/**
 * PUT /api/admin/consult-availability. `cancelConsults`: the booked consults on the days off that the
 * admin was shown and agreed to cancel; any other one on a day off refuses the save (409).
 */
export const availabilityUpdateSchema = availabilityFields
  .extend({
    cancelConsults: z
      .array(z.string({ message: 'consult ids must be text' }).regex(UUID, 'consult ids must be UUIDs'), {
        message: 'cancelConsults must be a list of consult ids',
      })
      .max(200, 'at most 200 consults')
      .default([]),
  })
  .superRefine(noDateBothWays);

/** PATCH /api/admin/consults/:id: this consult's own meeting link; '' to use the availability's. */
export const consultLinkSchema = z.object({ meetingLink: meetingLinkSchema });
