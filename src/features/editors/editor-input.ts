/**
 * The rules of what an admin may send for an editor, without zod: editorInputSchema
 * (schemas.ts) is built from them for the server, and the admin form checks them in the browser
 * without shipping the schema library.
 */

/** An editor's bio, in their own words: a short paragraph for their profile page. */
export const BIO_MAX_LENGTH = 700;

/** Length caps of an editor's text fields, in the order of the form: its maxlength and the server's check. */
export const EDITOR_TEXT_LIMITS = {
  name: 100,
  image: 500,
  college: 120,
  major: 120,
  sat: 20,
  gpa: 20,
  ecs: 2000,
  strengths: 2000,
  bio: BIO_MAX_LENGTH,
} as const;
export type EditorTextField = keyof typeof EDITOR_TEXT_LIMITS;
export const EDITOR_TEXT_FIELDS = Object.keys(EDITOR_TEXT_LIMITS) as EditorTextField[];

/** The text fields an editor needs; the others may stay empty. */
export const isRequiredEditorField = (field: EditorTextField) =>
  field === 'name' || field === 'college' || field === 'major';

/** Slots open and total slots are whole numbers up to this. */
export const MAX_SLOTS = 1000;

/** An editor photo: none, a path on this site (`/editors/x.svg`, `/api/uploads/...`) or an http(s) URL. */
export const isImageReference = (value: string) =>
  value === '' || /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value);
