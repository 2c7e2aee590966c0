/** The contact form's values, what counts as missing, and the payload POST /api/contact expects. */
import { ANY_EDITOR, HONEYPOT_FIELD, INQUIRY_FIELD_LABELS, inquiryFromForm, needsTurnaround } from '../../lib/contact';
import { isEmail, normalizeEmail } from '../../lib/email';
import { messages } from '../../lib/messages';

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

/** Required fields in the order they appear, so the first problem is the first one on screen. */
export const REQUIRED_FIELDS = ['parentName', 'studentInfo', 'intendedMajor', 'email'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export type TextField = Exclude<keyof InquiryFormValues, 'services'>;
export const isRequired = (field: string): field is RequiredField => (REQUIRED_FIELDS as readonly string[]).includes(field);

/** The form as it stands: the DOM holds the values (typed before hydration too), React only reads them. */
export const valuesFromForm = (form: HTMLFormElement): InquiryFormValues => ({ ...EMPTY_FORM, ...inquiryFromForm(new FormData(form)) });

export type Problems = Partial<Record<RequiredField, string>>;

/** Per-field problems and the one message the form announces (SPEC §5). */
export function checkForm(values: InquiryFormValues): { problems: Problems; summary: string | null } {
  const problems: Problems = {};
  for (const field of REQUIRED_FIELDS) {
    if (values[field].trim() === '') problems[field] = `${INQUIRY_FIELD_LABELS[field]} is required.`;
  }
  if (Object.keys(problems).length > 0) return { problems, summary: messages.requiredFields };
  if (!isEmail(normalizeEmail(values.email))) return { problems: { email: messages.emailInvalid }, summary: messages.emailInvalid };
  return { problems, summary: null };
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
