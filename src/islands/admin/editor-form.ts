/**
 * The editor form's values and their conversion to what the API takes (SPEC §3, §5): numbers are
 * typed as text, and fall back to 0 (slots open) and 5 (total slots) when they are not a number.
 */
import { editorInputSchema, type Editor, type EditorInput } from '../../lib/schemas';

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

export function toEditorInput(values: EditorFormValues): EditorFormResult {
  const result = editorInputSchema.safeParse({
    ...values,
    slotsOpen: toCount(values.slotsOpen, SLOTS_OPEN_FALLBACK),
    totalSlots: toCount(values.totalSlots, TOTAL_SLOTS_FALLBACK),
  });
  if (result.success) return { ok: true, input: result.data };
  const issue = result.error.issues[0];
  const field = issue.path[0] in NEW_EDITOR_VALUES && issue.path[0] !== 'featured' ? (issue.path[0] as TextField) : null;
  return { ok: false, field, message: (field && FIELD_MESSAGES[field]) ?? issue.message };
}
