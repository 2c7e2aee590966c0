/** The consult endpoints as the booking section and the cancel page call them. */
import type { BookedConsult, BookingRequest, ConsultByToken, FreeSlots } from '../consult-rules';
import { apiFetch } from '#client/api';

export const fetchFreeSlots = () => apiFetch<FreeSlots>('/api/consult/slots');
export const requestBooking = (request: BookingRequest) =>
  apiFetch<BookedConsult>('/api/consult/bookings', { method: 'POST', body: request });
/** The token travels in the body, never in a URL the server would log. */
export const lookUpConsult = (token: string) =>
  apiFetch<ConsultByToken>('/api/consult/lookup', { method: 'POST', body: { token } });
export const cancelConsult = (token: string) =>
  apiFetch<ConsultByToken>('/api/consult/cancel', { method: 'POST', body: { token } });

/** The browser's own time zone, as its settings name it ('Asia/Kolkata'). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, for the visitor to pick another; the current one always among them. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}
