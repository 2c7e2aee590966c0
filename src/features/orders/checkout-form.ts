/**
 * The checkout form's fields and rules without zod (the page would otherwise ship all of zod, ~25 KB):
 * each field says its own problem, as Stripe Checkout and Shopify do. The server parses the same
 * fields with studentSchema and billingSchema (schemas.ts, built from the limits and messages here);
 * a unit test holds the two together.
 */
import { GRADES } from '#lib/grades';
import { EMAIL_FIELD_HINT, EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';
import { PHONE_HINT, PHONE_MAX_LENGTH, ZIP_HINT, isUnitedStates, normalizeZip, plausiblePhone } from '#lib/phone';

/** The fields in reading order: student and parent first, then billing (the page shows them so). */
const STUDENT_FIELDS = [
  'studentName',
  'studentGrade',
  'studentEmail',
  'parentName',
  'parentEmail',
  'intendedMajor',
] as const;
const BILLING_FIELDS = ['street', 'city', 'state', 'zip', 'country', 'phone'] as const;
export const CHECKOUT_FIELDS = [...STUDENT_FIELDS, ...BILLING_FIELDS] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutFields = Record<CheckoutField, string>;

export const EMPTY_CHECKOUT_FIELDS: CheckoutFields = {
  studentName: '',
  studentGrade: '',
  studentEmail: '',
  parentName: '',
  parentEmail: '',
  intendedMajor: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  country: 'United States',
  phone: '',
};

/** Length caps: the inputs' maxlength and the server's check. */
export const CHECKOUT_LIMITS: Record<CheckoutField, number> = {
  studentName: 120,
  studentGrade: 2,
  studentEmail: EMAIL_MAX_LENGTH,
  parentName: 120,
  parentEmail: EMAIL_MAX_LENGTH,
  intendedMajor: 120,
  street: 200,
  city: 100,
  state: 100,
  zip: 20,
  country: 100,
  phone: PHONE_MAX_LENGTH,
};

const OPTIONAL: readonly CheckoutField[] = ['intendedMajor', 'country'];
const isOptionalCheckoutField = (field: CheckoutField) => OPTIONAL.includes(field);

/** What each field says when it is empty, and when it is filled in but wrong. */
export const checkoutFieldMessages: Record<CheckoutField, { missing: string; invalid: string }> = {
  studentName: { missing: "Enter the student's name", invalid: "Enter the student's name" },
  studentGrade: { missing: "Choose the student's grade", invalid: "Choose the student's grade" },
  studentEmail: { missing: EMAIL_FIELD_HINT, invalid: EMAIL_FIELD_HINT },
  parentName: { missing: "Enter the parent's or guardian's name", invalid: "Enter the parent's or guardian's name" },
  parentEmail: { missing: EMAIL_FIELD_HINT, invalid: EMAIL_FIELD_HINT },
  intendedMajor: { missing: '', invalid: 'Choose a major from the list' },
  street: { missing: 'Enter the street address', invalid: 'Enter the street address' },
  city: { missing: 'Enter the city', invalid: 'Enter the city' },
  state: { missing: 'Enter the state', invalid: 'Enter the state' },
  zip: { missing: ZIP_HINT, invalid: ZIP_HINT },
  country: { missing: '', invalid: 'Enter the country' },
  phone: { missing: PHONE_HINT, invalid: PHONE_HINT },
};

/**
 * The agreement the checkout asks for, ticked anew for each order and stored with it: the Terms of
 * Service require a parent's or guardian's agreement for a student under 18.
 */
export const termsAgreement = {
  /** The check box's words before the link, and the link's. */
  label: 'I am the parent or guardian, or 18 or older, and agree to the',
  link: 'Terms',
  missing: 'Please confirm that you are the parent or guardian, or 18 or older, and agree to the Terms.',
} as const;

/** The offer, on a family's next order, to fill the form in as their last paid order had it. */
export const lastDetailsText = {
  heading: 'Same student as last time?',
  use: (orderId: string) => `Use the details from order ${orderId}`,
  used: (orderId: string) => `Filled in from order ${orderId}. Check them before you pay.`,
} as const;

export type CheckoutProblems = Partial<Record<CheckoutField, string>>;

export interface CheckoutCheck {
  /** Each field's own problem, in reading order. */
  problems: CheckoutProblems;
  /** The first field with a problem (focus goes there), or null. */
  first: CheckoutField | null;
  /** The line above the button: the words of messages.ts where they fit (else fixFieldsMessage), or null when all is well. */
  summary: string | null;
  /** The values as the server will take them: trimmed, the e-mails lower-cased, the ZIP code as on mail. */
  values: CheckoutFields;
}

export const fixFieldsMessage = 'Please correct the fields marked below.';

/**
 * Checks every field. The phone number only for its shape (phone.ts: plausiblePhone): the server
 * parses it with libphonenumber-js and its refusal shows next to the field (fieldOfServerError).
 */
export function checkCheckout(
  fields: CheckoutFields,
  phoneOk: (phone: string) => boolean = plausiblePhone,
): CheckoutCheck {
  const values = { ...fields } as CheckoutFields;
  for (const field of CHECKOUT_FIELDS) values[field] = fields[field].trim();
  values.studentEmail = normalizeEmail(values.studentEmail);
  values.parentEmail = normalizeEmail(values.parentEmail);
  if (values.country === '') values.country = EMPTY_CHECKOUT_FIELDS.country;

  const problems: CheckoutProblems = {};
  const missing = new Set<CheckoutField>();
  for (const field of CHECKOUT_FIELDS) {
    const value = values[field];
    if (value === '') {
      if (!isOptionalCheckoutField(field)) {
        problems[field] = checkoutFieldMessages[field].missing;
        missing.add(field);
      }
      continue;
    }
    if (value.length > CHECKOUT_LIMITS[field]) problems[field] = `Use at most ${CHECKOUT_LIMITS[field]} characters`;
  }
  const wrong = (field: CheckoutField) => {
    if (!problems[field] && values[field] !== '') problems[field] = checkoutFieldMessages[field].invalid;
  };
  if (!(GRADES as readonly string[]).includes(values.studentGrade)) wrong('studentGrade');
  if (!isEmail(values.studentEmail)) wrong('studentEmail');
  if (!isEmail(values.parentEmail)) wrong('parentEmail');
  if (isUnitedStates(values.country)) {
    const zip = normalizeZip(values.zip);
    if (zip === null) wrong('zip');
    else values.zip = zip;
  }
  if (!problems.phone && !phoneOk(values.phone)) wrong('phone');

  const first = CHECKOUT_FIELDS.find((field) => problems[field]) ?? null;
  const missingBilling = BILLING_FIELDS.some((field) => missing.has(field));
  const missingStudent = STUDENT_FIELDS.some((field) => missing.has(field));
  const summary =
    first === null
      ? null
      : missingStudent
        ? messages.requiredFields
        : missingBilling
          ? messages.billingRequired
          : fixFieldsMessage;
  return { problems, first, summary, values };
}

/**
 * The field a server refusal names ('billing.zip: Enter a 5-digit ZIP code', 'student.studentEmail: ...')
 * and its message as the field shows it, or null when it names none of the form's fields.
 */
export function fieldOfServerError(error: string): { field: CheckoutField; message: string } | null {
  const match = /^(?:student|billing)\.(\w+):\s*(.*)$/.exec(error);
  if (!match || !(CHECKOUT_FIELDS as readonly string[]).includes(match[1])) return null;
  const field = match[1] as CheckoutField;
  const message = match[2];
  // An API message in the schema's own words ('zip is required', 'email is not a valid address')
  // reads as the form's; one written for people (it starts with a capital) stands as it is.
  if (!/^[a-z]/.test(message)) return { field, message };
  return { field, message: checkoutFieldMessages[field][message.endsWith('is required') ? 'missing' : 'invalid'] };
}
