/** The booking form's values, what is missing, and the request POST /api/consult/bookings expects. */
import { ANY_EDITOR } from '#lib/contact';
import { consultMessages } from '../../consult-messages';
import type { BookingRequest } from '../../consult-rules';
import { isEmail, normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';

export interface BookingFormValues {
  name: string;
  email: string;
  intendedMajor: string;
  preferredEditor: string;
}

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  name: '',
  email: '',
  intendedMajor: '',
  preferredEditor: ANY_EDITOR.value,
};

/** What can be wrong, in screen order: the time first, then the fields. */
export const BOOKING_PROBLEMS = ['slot', 'name', 'email'] as const;
type BookingProblem = (typeof BOOKING_PROBLEMS)[number];
export type BookingProblems = Partial<Record<BookingProblem, string>>;

export function checkBooking(values: BookingFormValues, slot: string | null): BookingProblems {
  const problems: BookingProblems = {};
  if (!slot) problems.slot = consultMessages.chooseTime;
  if (values.name.trim() === '') problems.name = consultMessages.nameRequired;
  const email = normalizeEmail(values.email);
  if (email === '') problems.email = messages.emailRequired;
  else if (!isEmail(email)) problems.email = messages.emailInvalid;
  return problems;
}

export const toBookingRequest = (
  values: BookingFormValues,
  start: string,
  timeZone: string,
  requestId: string,
): BookingRequest => ({
  start,
  name: values.name.trim(),
  email: normalizeEmail(values.email),
  intendedMajor: values.intendedMajor,
  preferredEditor: values.preferredEditor,
  timeZone,
  requestId,
});

/**
 * The request id to send: the same as last time while the visitor sends the same booking again (a retry
 * after an error finishes the booking the first attempt began), a new one once anything in it changed.
 */
export function requestIdFor(
  last: { fields: string; id: string } | null,
  values: BookingFormValues,
  start: string,
  timeZone: string,
) {
  const fields = JSON.stringify(toBookingRequest(values, start, timeZone, ''));
  return last?.fields === fields ? last : { fields, id: crypto.randomUUID() };
}
