/**
 * Conflicts of interest: an editor is never their own client, their own student, nor the reviewer of
 * a project they edit. Addresses are compared as the one rule of email.ts writes them. What each
 * refusal says, once.
 */
import { sameAddress } from './email';

/** Whether `email` is the address the editor signs in with (an editor without one has none to match). */
export const isEditorsAddress = (email: string, editor: { accountEmail?: string }) =>
  Boolean(email && editor.accountEmail && sameAddress(email, editor.accountEmail));

export const conflictMessages = {
  ownEditor: 'You sign in as this editor, so you cannot order editing from yourself. Please choose another editor.',
  studentIsEditor:
    "The student's e-mail is the address an editor of this order signs in with: an editor cannot be their own student. Please enter the student's own address.",
  ownReview: 'You edit this project, so you cannot review it: reviews come only from the families editors work for.',
} as const;
