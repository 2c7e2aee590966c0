/**
 * zod schemas for the API's payloads (a feature keeps its own beside its rules: an order's in
 * features/orders). Shared by islands (to shape requests) and functions (to parse them): one
 * definition of what is valid.
 */
import { z } from './zod';
import { CONTACT_SERVICE_OPTIONS, MAJOR_VALUES, TURNAROUND_OPTIONS } from './catalogue';
import { DETAILS_WORD_LIMIT, INQUIRY_LIMITS, detailsTooLong } from './contact';
import { countWords } from './words';
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './email';
import { fieldMessages } from './field-messages';
import { PHONE_HINT, PHONE_MAX_LENGTH, toE164, type PhoneParser } from './phone';

/** A trimmed, lower-cased e-mail address by the one rule of email.ts, at most 254 characters. */
export const emailSchema = z
  .string({ message: 'email must be a string' })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, 'email is required')
      .max(EMAIL_MAX_LENGTH, `email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .refine(isEmail, 'email is not a valid address'),
  );

/**
 * An address already stored (the admin names a subscriber by it): trimmed and lower-cased, but not held
 * to today's rule, so an address an older, looser rule let in can still be deactivated.
 */
const storedEmailSchema = z
  .string({ message: 'id must be a string' })
  .transform(normalizeEmail)
  .pipe(z.string().min(1, 'id is required').max(EMAIL_MAX_LENGTH, `id must be at most ${EMAIL_MAX_LENGTH} characters`));

export const text = (field: string, max: number) =>
  z
    .string({ message: fieldMessages.notText(field) })
    .trim()
    .max(max, fieldMessages.tooLong(field, max));
export const requiredText = (field: string, max: number) => text(field, max).min(1, fieldMessages.required(field));

/**
 * libphonenumber-js with its full metadata, loaded the first time a number is parsed: a function that
 * parses no phone number never pays for it on a cold start (decision 013). Hence the phone schemas
 * are async: parse them with `parseAsync`/`safeParseAsync` (readBody does).
 */
const phoneParser = async (): Promise<PhoneParser> =>
  (await import('libphonenumber-js/max')).parsePhoneNumberFromString;

/** A phone number, stored in E.164 ('+13125550100'); a US number needs its area code. '' when optional and left empty. */
export const phoneSchema = (field: string, { required }: { required: boolean }) =>
  text(field, PHONE_MAX_LENGTH).transform(async (value, ctx) => {
    if (value === '') {
      if (required) ctx.addIssue({ code: 'custom', message: fieldMessages.required(field) });
      return value;
    }
    const e164 = toE164(value, await phoneParser());
    if (e164 === null) ctx.addIssue({ code: 'custom', message: PHONE_HINT });
    return e164 ?? value;
  });

export const subscribeSchema = z.object({ email: emailSchema });

export const inquirySchema = z.object({
  parentName: requiredText('parentName', INQUIRY_LIMITS.parentName),
  studentInfo: requiredText('studentInfo', INQUIRY_LIMITS.studentInfo),
  intendedMajor: z.enum(MAJOR_VALUES as [string, ...string[]], {
    message: 'intendedMajor is not one of the listed majors',
  }),
  services: z
    .array(z.enum(CONTACT_SERVICE_OPTIONS.map((o) => o.id) as [string, ...string[]]), {
      message: 'services must be a list of known service ids',
    })
    .max(CONTACT_SERVICE_OPTIONS.length)
    .refine((ids) => new Set(ids).size === ids.length, 'services must not repeat')
    .default([]),
  // 'any' or an editor id; that the editor exists is checked against the store.
  preferredEditor: requiredText('preferredEditor', INQUIRY_LIMITS.preferredEditor).default('any'),
  turnaround: z
    .enum(TURNAROUND_OPTIONS.map((o) => o.id) as [string, ...string[]], { message: 'turnaround is not a known option' })
    .default('standard'),
  email: emailSchema,
  phone: phoneSchema('phone', { required: false }).default(''),
  details: text('details', INQUIRY_LIMITS.details)
    .refine(
      (details) => countWords(details) <= DETAILS_WORD_LIMIT,
      (details) => ({ message: detailsTooLong(countWords(details)) }),
    )
    .default(''),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const waitlistSchema = z.object({ email: emailSchema, editorId: requiredText('editorId', 100) });

/** Deactivates or reactivates a newsletter address (admin); `id` holds the address (a subscriber's id is its address). */
export const subscriberStatusSchema = z.object({
  id: storedEmailSchema,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});

/** The admin mails a newsletter address that is not active the link to confirm it. */
export const subscriberConfirmationSchema = z.object({ id: storedEmailSchema });

/**
 * A subscriber as the admin list pages serve it: its id (the address) and enabled, since when, and
 * its state: active, pending (never confirmed), unsubscribed (left by its link), inactive (by an admin).
 */
export interface EmailSubscriber {
  id: string;
  enabled: boolean;
  status: 'active' | 'pending' | 'unsubscribed' | 'inactive';
  subscribedAt: string;
}
