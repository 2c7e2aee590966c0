/**
 * The editor form's values and their conversion to what the API takes (SPEC §3, §5): numbers are
 * typed as text, and fall back to 0 (slots open) and 5 (total slots) when they are not a number.
 */
import { EDITOR_TEXT_FIELDS, EDITOR_TEXT_LIMITS, MAX_SLOTS, isImageReference, isRequiredEditorField, type EditorTextField } from '../../lib/editor-input';
import { fieldMessages } from '../../lib/field-messages';
import type { Editor, EditorInput } from '../../lib/schemas';

export interface EditorFormValues {
  name: string;
  image: string;
  college: string;
  major: string;
  sat: string;
  gpa: string;
  ecs: string;
  strengths: string;
  slotsOpen: string;
  totalSlots: string;
  featured: { home: boolean; about: boolean };
}

export type TextField = Exclude<keyof EditorFormValues, 'featured'>;

export const SLOTS_OPEN_FALLBACK = 0;
export const TOTAL_SLOTS_FALLBACK = 5;

/** A new editor: slotsOpen 0, totalSlots 5, the rest empty (SPEC §3). */
export const NEW_EDITOR_VALUES: EditorFormValues = {
  name: '',
  image: '',
  college: '',
  major: '',
  sat: '',
  gpa: '',
  ecs: '',
  strengths: '',
  slotsOpen: String(SLOTS_OPEN_FALLBACK),
  totalSlots: String(TOTAL_SLOTS_FALLBACK),
  featured: { home: false, about: false },
};

export function valuesOf(editor: Editor): EditorFormValues {
  const { id: _, slotsOpen, totalSlots, featured, ...text } = editor;
  return { ...text, slotsOpen: String(slotsOpen), totalSlots: String(totalSlots), featured: { ...featured } };
}

/** The number typed, or `fallback` when the field holds no number. */
export function toCount(value: string, fallback: number): number {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : fallback;
}

/** Messages in the words of the form for the rules the inputs cannot express themselves. */
const FIELD_MESSAGES: Partial<Record<TextField, string>> = {
  slotsOpen: 'Slots open must be between 0 and the total slots.',
  totalSlots: 'Total slots must be a whole number of at least 1.',
  image: 'Image must be a path starting with / or an http(s) URL.',
};

export type EditorFormResult = { ok: true; input: EditorInput } | { ok: false; field: TextField | null; message: string };

/** The problem with `field`, in the words of the form where it has its own. */
const problem = (field: TextField, apiMessage = ''): EditorFormResult => ({ ok: false, field, message: FIELD_MESSAGES[field] ?? apiMessage });
const isSlotCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_SLOTS;

/**
 * What the API takes, or the first problem in the order of the fields. The rules of editorInputSchema,
 * checked without zod so the admin page does not ship it (the server parses with the schema again);
 * tests/unit/admin.test.ts holds the two to the same answers.
 */
export function toEditorInput(values: EditorFormValues): EditorFormResult {
  const text = Object.fromEntries(EDITOR_TEXT_FIELDS.map((field) => [field, values[field].trim()])) as Record<EditorTextField, string>;
  for (const field of EDITOR_TEXT_FIELDS) {
    const value = text[field];
    if (value.length > EDITOR_TEXT_LIMITS[field]) return problem(field, fieldMessages.tooLong(field, EDITOR_TEXT_LIMITS[field]));
    if (value === '' && isRequiredEditorField(field)) return problem(field, fieldMessages.required(field));
    if (field === 'image' && !isImageReference(value)) return problem(field);
  }
  const slotsOpen = toCount(values.slotsOpen, SLOTS_OPEN_FALLBACK);
  const totalSlots = toCount(values.totalSlots, TOTAL_SLOTS_FALLBACK);
  if (!isSlotCount(slotsOpen)) return problem('slotsOpen');
  if (!isSlotCount(totalSlots) || totalSlots < 1) return problem('totalSlots');
  if (slotsOpen > totalSlots) return problem('slotsOpen');
  return { ok: true, input: { ...text, slotsOpen, totalSlots, featured: { ...values.featured } } };
}
