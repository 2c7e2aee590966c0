/** The contact form's values, what counts as missing, and the payload POST /api/contact expects. */
import {
  ANY_EDITOR,
  DETAILS_WORD_LIMIT,
  HONEYPOT_FIELD,
  INQUIRY_FIELD_LABELS,
  REQUIRED_FIELDS,
  detailsOverLimit,
  inquiryFromForm,
  lacksRequired,
  needsTurnaround,
} from '#lib/contact';
import { isEmail, normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';
import { countWords } from '#lib/words';

export interface InquiryFormValues {
  parentName: string;
  studentInfo: string;
  intendedMajor: string;
  services: string[];
  preferredEditor: string;
  turnaround: string;
  email: string;
  phone: string;
  details: string;
  /** The honeypot (see HONEYPOT_FIELD): people leave it empty. */
  website: string;
}

export const EMPTY_FORM: InquiryFormValues = {
  parentName: '',
  studentInfo: '',
  intendedMajor: '',
  services: [],
  preferredEditor: ANY_EDITOR.value,
  turnaround: 'standard',
  email: '',
  phone: '',
  details: '',
  website: '',
};

export type TextField = Exclude<keyof InquiryFormValues, 'services'>;

/** The form as it stands: the DOM holds the values (typed before hydration too), React only reads them. */
export const valuesFromForm = (form: HTMLFormElement): InquiryFormValues => ({
  ...EMPTY_FORM,
  ...inquiryFromForm(new FormData(form)),
});

/** The fields that can have a problem, in the order the form shows them (focus goes to the first). */
const CHECKED_FIELDS = ['parentName', 'studentInfo', 'intendedMajor', 'email', 'phone', 'details'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];
export type Problems = Partial<Record<CheckedField, string>>;
export const firstProblem = (problems: Problems) => CHECKED_FIELDS.find((field) => problems[field]) ?? null;

/**
 * Per-field problems and the one message the form announces. The phone number is the
 * server's to judge (parsing it takes a library this page cannot afford); its refusal comes back
 * through `problemFromServer`.
 */
export function checkForm(values: InquiryFormValues): { problems: Problems; summary: string | null } {
  const problems: Problems = {};
  for (const field of REQUIRED_FIELDS) {
    if (values[field].trim() === '') problems[field] = `${INQUIRY_FIELD_LABELS[field]} is required.`;
  }
  const words = countWords(values.details);
  if (words > DETAILS_WORD_LIMIT) problems.details = detailsOverLimit(words);
  if (lacksRequired(values)) return { problems, summary: messages.requiredFields };
  if (!isEmail(normalizeEmail(values.email))) problems.email = messages.emailInvalid;
  const first = firstProblem(problems);
  return { problems, summary: first ? problems[first]! : null };
}

/**
 * A refusal of POST /api/contact that names a field ('phone: Enter a phone number with area code',
 * 'details must be at most 300 words (it has 312)'), as the form shows it next to that field; null
 * for any other failure.
 */
export function problemFromServer(error: string): { field: CheckedField; message: string } | null {
  const [key] = error.split(/[\s:]/, 1);
  if (!(CHECKED_FIELDS as readonly string[]).includes(key)) return null;
  const field = key as CheckedField;
  const rest = error.slice(key.length);
  if (!rest.startsWith(':')) return { field, message: `${INQUIRY_FIELD_LABELS[field]}${rest}.` }; // 'details must be ...'
  const message = rest.slice(1).trim();
  return { field, message: /^[A-Z]/.test(message) ? message : `${INQUIRY_FIELD_LABELS[field]}: ${message}.` };
}

/** A turnaround is asked only for editing services; otherwise the standard one is sent. */
export function toPayload(values: InquiryFormValues) {
  const { website, ...inquiry } = values;
  return {
    ...inquiry,
    turnaround: needsTurnaround(values.services) ? values.turnaround : 'standard',
    [HONEYPOT_FIELD]: website,
  };
}
