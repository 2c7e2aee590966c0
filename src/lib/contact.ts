/** Rules of the contact form shared by the form island and POST /api/contact. */
import { CONTACT_SERVICE_OPTIONS, MAJORS, TURNAROUND_OPTIONS, majorValue, majorsWithoutDetails } from './catalogue';
import { formatUsd } from './money';

/** Length caps of the inquiry's free-text fields: the form's maxlength and the server's check. */
export const INQUIRY_LIMITS = {
  parentName: 120,
  studentInfo: 200,
  preferredEditor: 100,
  phone: 40,
  details: 3000,
} as const;

/**
 * A field people never see and never fill (the form hides it from eyes, screen readers and the tab
 * order). Bots that fill every input give themselves away: the server drops their inquiry silently.
 */
export const HONEYPOT_FIELD = 'website';

export const isHoneypotFilled = (body: unknown) => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
  return value !== undefined && value !== null && String(value).trim() !== '';
};

/** What the contact form calls each inquiry field: the island's labels and the native post's answer page. */
export const INQUIRY_FIELD_LABELS = {
  parentName: 'Parent/Guardian Name',
  studentInfo: 'Student Name and Current Grade',
  intendedMajor: 'Intended Major',
  services: 'Services',
  preferredEditor: 'Preferred Editor',
  turnaround: 'Preferred Turnaround',
  email: 'Email',
  phone: 'Phone',
  details: 'Additional Details/Questions',
} as const;

/** Required fields in the order they appear, so the first problem is the first one on screen. */
export const REQUIRED_FIELDS = ['parentName', 'studentInfo', 'intendedMajor', 'email'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export const isRequired = (field: string): field is RequiredField =>
  (REQUIRED_FIELDS as readonly string[]).includes(field);
/** Whether a required field was left blank: the form then says 'Please fill in all required fields.' */
export const lacksRequired = (fields: Partial<Record<RequiredField, string>>) =>
  REQUIRED_FIELDS.some((field) => (fields[field] ?? '').trim() === '');

const FORM_TEXT_FIELDS = [
  'parentName',
  'studentInfo',
  'intendedMajor',
  'preferredEditor',
  'turnaround',
  'email',
  'phone',
  'details',
  HONEYPOT_FIELD,
] as const;
type FormTextField = (typeof FORM_TEXT_FIELDS)[number];
export type InquiryFormFields = Partial<Record<FormTextField, string>> & { services: string[] };

/**
 * The contact form's fields as posted: the island reads its FormData, POST /api/contact the body of a
 * native post (before the island hydrates). The form's names are the payload's keys; a field the form
 * does not show (the turnaround, until an editing service is ticked) stays absent.
 */
export function inquiryFromForm(form: {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}): InquiryFormFields {
  const fields: InquiryFormFields = {
    services: form.getAll('services').filter((v): v is string => typeof v === 'string'),
  };
  for (const name of FORM_TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The Preferred Editor choice that leaves the pick to us. */
export const ANY_EDITOR = { value: 'any', label: 'Any Available Editor' } as const;

/** The turnaround question matters only for editing services. */
export const needsTurnaround = (serviceIds: readonly string[]) =>
  CONTACT_SERVICE_OPTIONS.some((o) => o.needsTurnaround && serviceIds.includes(o.id));

/**
 * Details are labelled "max 300 words". A limit shown must hold: we count it as the visitor types
 * and enforce it, in the form and in the inquiry schema.
 */
export const DETAILS_WORD_LIMIT = 300;
/** The server's refusal (the native post's answer page names the field by its label: relabel). */
export const detailsTooLong = (words: number) =>
  `details must be at most ${DETAILS_WORD_LIMIT} words (it has ${words})`;
/** The form's own, next to the field: it counts as the visitor types. */
export const detailsOverLimit = (words: number) =>
  `Please shorten this to ${DETAILS_WORD_LIMIT} words or fewer (it has ${words}).`;

/** 'Standard 3-5 days', '48-Hour Response (+$250)', ... */
export const turnaroundLabel = (option: (typeof TURNAROUND_OPTIONS)[number]) =>
  option.priceCents > 0 ? `${option.label} (+${formatUsd(option.priceCents)})` : option.label;

/** Display labels for the stored ids, for the people who read inquiries. */
export const majorLabel = (value: string) =>
  [...MAJORS, ...majorsWithoutDetails()].find((m) => majorValue(m) === value) ?? value;
export const contactServiceLabel = (id: string) => CONTACT_SERVICE_OPTIONS.find((o) => o.id === id)?.label ?? id;
export const turnaroundLabelById = (id: string) => {
  const option = TURNAROUND_OPTIONS.find((o) => o.id === id);
  return option ? turnaroundLabel(option) : id;
};
