/**
 * The zod half of an order: what the browser sends to open a payment session, parsed by the server.
 * The checkout form checks the same fields without zod (checkout-form.ts); a unit test holds the two
 * together.
 */
import { ADD_ON_IDS, SERVICE_IDS, serviceById } from '#lib/catalogue';
import { GRADES } from '#lib/grades';
import { isUnitedStates, normalizeZip } from '#lib/phone';
import { emailSchema, phoneSchema, requiredText, text } from '#lib/schemas';
import { z } from '#lib/zod';
import { CHECKOUT_LIMITS, checkoutFieldMessages, termsAgreement } from './checkout-form';

/** Billing details: a US ZIP code is stored as '12345' or '12345-6789', the phone number in E.164. */
export const billingSchema = z
  .object({
    street: requiredText('street', CHECKOUT_LIMITS.street),
    city: requiredText('city', CHECKOUT_LIMITS.city),
    state: requiredText('state', CHECKOUT_LIMITS.state),
    zip: requiredText('zip', CHECKOUT_LIMITS.zip),
    country: text('country', CHECKOUT_LIMITS.country).default('United States'),
    phone: phoneSchema('phone', { required: true }),
  })
  .transform((billing, ctx) => {
    if (!isUnitedStates(billing.country)) return billing;
    const zip = normalizeZip(billing.zip);
    if (zip === null) ctx.addIssue({ code: 'custom', path: ['zip'], message: checkoutFieldMessages.zip.invalid });
    return { ...billing, zip: zip ?? billing.zip };
  });
export type Billing = z.infer<typeof billingSchema>;

export const studentSchema = z.object({
  studentName: requiredText('studentName', CHECKOUT_LIMITS.studentName),
  studentGrade: z.enum(GRADES, { message: 'studentGrade must be 9, 10, 11 or 12' }),
  studentEmail: emailSchema,
  parentName: requiredText('parentName', CHECKOUT_LIMITS.parentName),
  parentEmail: emailSchema,
  intendedMajor: text('intendedMajor', CHECKOUT_LIMITS.intendedMajor).default(''),
});
export type Student = z.infer<typeof studentSchema>;

/** What the browser sends to open a payment session: a selection, never a price. */
export const checkoutSelectionSchema = z.object({
  services: z
    .array(
      z.object({
        id: z.enum(SERVICE_IDS, { message: 'unknown service' }),
        quantity: z.number().int().min(1).max(50),
      }),
    )
    .min(1, 'select at least one service')
    .max(SERVICE_IDS.length)
    .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'each service may appear once')
    .refine(
      (lines) => lines.every((l) => serviceById(l.id)?.hasQuantity || l.quantity === 1),
      'the Common App essay is bought once per order',
    ),
  editorId: requiredText('editorId', 100),
  addOns: z
    .array(z.enum(ADD_ON_IDS, { message: 'unknown add-on' }))
    .max(ADD_ON_IDS.length)
    .refine((ids) => !(ids.includes('speed24hr') && ids.includes('speed48hr')), 'choose one speed upgrade')
    .default([]),
  student: studentSchema,
  billing: billingSchema,
  agreedToTerms: z.literal(true, { errorMap: () => ({ message: termsAgreement.missing }) }),
});
export type CheckoutSelection = z.infer<typeof checkoutSelectionSchema>;
