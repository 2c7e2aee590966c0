/**
 * The editor form's values and their conversion to what the API takes: numbers are
 * typed as text, and fall back to 0 (slots open) and 5 (total slots) when they are not a number.
 */
import {
  EDITOR_TEXT_FIELDS,
  EDITOR_TEXT_LIMITS,
  MAX_SLOTS,
  isImageReference,
  isRequiredEditorField,
  type EditorTextField,
} from '../../editor-input';
import { isEmail, normalizeEmail } from '#lib/email';
import { fieldMessages } from '#lib/field-messages';
import type { Editor, EditorInput } from '../../editor-rules';

export interface EditorFormValues {
  name: string;
  image: string;
  college: string;
  major: string;
  sat: string;
  gpa: string;
  ecs: string;
  strengths: string;
  bio: string;
  slotsOpen: string;
  totalSlots: string;
  featured: { home: boolean; about: boolean };
  /** The address the editor signs in with to reach /editor, '' for none. */
  accountEmail: string;
}

export type TextField = Exclude<keyof EditorFormValues, 'featured' | 'accountEmail'>;
/** A field the form can point a problem at. */
export type FormField = TextField | 'accountEmail';

export const SLOTS_OPEN_FALLBACK = 0;
export const TOTAL_SLOTS_FALLBACK = 5;

/** A new editor: slotsOpen 0, totalSlots 5, the rest empty. */
export const NEW_EDITOR_VALUES: EditorFormValues = {
  name: '',
  image: '',
  college: '',
  major: '',
  sat: '',
  gpa: '',
  ecs: '',
  strengths: '',
  bio: '',
  slotsOpen: String(SLOTS_OPEN_FALLBACK),
  totalSlots: String(TOTAL_SLOTS_FALLBACK),
  featured: { home: false, about: false },
  accountEmail: '',
};

/** An editor in the form, with the account address from the admin's list. */
export function valuesOf(editor: Editor, accountEmail: string): EditorFormValues {
  const text = Object.fromEntries(EDITOR_TEXT_FIELDS.map((field) => [field, editor[field]])) as Record<
    EditorTextField,
    string
  >;
  return {
    ...text,
    slotsOpen: String(editor.slotsOpen),
    totalSlots: String(editor.totalSlots),
    featured: { ...editor.featured },
    accountEmail,
  };
}

/** The number typed, or `fallback` when the field holds no number. */
export function toCount(value: string, fallback: number): number {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : fallback;
}

/** Messages in the words of the form for the rules the inputs cannot express themselves. */
const FIELD_MESSAGES: Partial<Record<FormField, string>> = {
  slotsOpen: 'Slots open must be between 0 and the total slots.',
  totalSlots: 'Total slots must be a whole number of at least 1.',
  image: 'Image must be a path starting with / or an http(s) URL.',
  accountEmail: 'Editor account e-mail must be an address like name@example.com, or empty for no account.',
};

export type EditorFormProblem = { field: FormField | null; message: string };
export type EditorFormResult = { ok: true; input: EditorInput } | ({ ok: false } & EditorFormProblem);

/** The problem with `field`, in the words of the form where it has its own. */
const problem = (field: FormField, apiMessage = ''): EditorFormResult => ({
  ok: false,
  field,
  message: FIELD_MESSAGES[field] ?? apiMessage,
});
const isSlotCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_SLOTS;

/**
 * What the API takes, or the first problem in the order of the fields. The rules of editorInputSchema,
 * checked without zod so the admin page does not ship it (the server parses with the schema again);
 * tests/unit/admin.test.ts holds the two to the same answers.
 */
export function toEditorInput(values: EditorFormValues): EditorFormResult {
  const text = Object.fromEntries(EDITOR_TEXT_FIELDS.map((field) => [field, values[field].trim()])) as Record<
    EditorTextField,
    string
  >;
  for (const field of EDITOR_TEXT_FIELDS) {
    const value = text[field];
    if (value.length > EDITOR_TEXT_LIMITS[field])
      return problem(field, fieldMessages.tooLong(field, EDITOR_TEXT_LIMITS[field]));
    if (value === '' && isRequiredEditorField(field)) return problem(field, fieldMessages.required(field));
    if (field === 'image' && !isImageReference(value)) return problem(field);
  }
  const slotsOpen = toCount(values.slotsOpen, SLOTS_OPEN_FALLBACK);
  const totalSlots = toCount(values.totalSlots, TOTAL_SLOTS_FALLBACK);
  if (!isSlotCount(slotsOpen)) return problem('slotsOpen');
  if (!isSlotCount(totalSlots) || totalSlots < 1) return problem('totalSlots');
  const accountEmail = normalizeEmail(values.accountEmail);
  if (accountEmail && !isEmail(accountEmail)) return problem('accountEmail');
  if (slotsOpen > totalSlots) return problem('slotsOpen');
  return { ok: true, input: { ...text, slotsOpen, totalSlots, featured: { ...values.featured }, accountEmail } };
}

const FORM_FIELDS: readonly string[] = [...EDITOR_TEXT_FIELDS, 'slotsOpen', 'totalSlots', 'accountEmail'];

/**
 * A refusal of the API as the form shows it: one about a field ('accountEmail: Maya Chen already signs
 * in with this address') goes next to that field, without the field's name.
 */
export function problemOfApi(error: string): EditorFormProblem {
  const [, field, message] = /^(\w+): (.+)$/s.exec(error) ?? [];
  return field && FORM_FIELDS.includes(field)
    ? { field: field as FormField, message }
    : { field: null, message: error };
}
