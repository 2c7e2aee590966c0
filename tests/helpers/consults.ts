/** Arrangements and readings for the consult function tests. */
import { getStore } from '@netlify/blobs';
import bookings from '../../netlify/functions/consult-bookings';
import cancel from '../../netlify/functions/consult-cancel';
import slots from '../../netlify/functions/consult-slots';
import { bookConsult, freeSlots } from '../../src/features/consults/server/consult-booking';
import { listOutbox, type OutboxMail } from '../../netlify/server/core/mail';
import type { ConsultBooking } from '../../src/features/consults/server/consults.repo';
import type { BookingRequest } from '../../src/features/consults/consult-rules';
import { call } from './functions';

/** What a visitor in Kolkata sends to book `start`. */
export const bookingRequest = (start: string, overrides: Record<string, unknown> = {}) => ({
  start,
  name: 'Pat Rivera',
  email: 'pat@example.com',
  intendedMajor: 'stem',
  preferredEditor: 'any',
  timeZone: 'Asia/Kolkata',
  requestId: crypto.randomUUID(),
  ...overrides,
});

export const book = (start: string, overrides: Record<string, unknown> = {}) =>
  call(bookings, '/api/consult/bookings', { method: 'POST', json: bookingRequest(start, overrides) });
export const cancelWith = (token: string) => call(cancel, '/api/consult/cancel', { method: 'POST', json: { token } });
export const freeSlotList = async (): Promise<string[]> => (await call(slots, '/api/consult/slots')).body.slots;

const consults = () => getStore({ name: 'consults', consistency: 'strong' });
export const consultKeys = async (prefix?: string) =>
  (await consults().list(prefix ? { prefix } : undefined)).blobs.map((b) => b.key).sort();
export const storedBooking = async (id: string) =>
  (await consults().get(`bookings/${id}`, { type: 'json' })) as ConsultBooking | null;
/** Every blob of the consults store as text: to look for what must never be stored. */
export async function storedText(): Promise<string> {
  const keys = await consultKeys();
  return (await Promise.all(keys.map(async (key) => `${key} ${await consults().get(key)}`))).join('\n');
}

/** E-mails in the outbox to `to`, oldest first. */
export const mailsTo = async (to: string): Promise<OutboxMail[]> =>
  (await listOutbox(undefined, 200))
    .map((entry) => entry.value)
    .filter((mail) => [mail.to].flat().includes(to))
    .reverse();

/** The token of the newest cancel link e-mailed to `to`. */
export async function cancelTokenFor(to: string): Promise<string> {
  const links = (await mailsTo(to)).flatMap((mail) =>
    [...mail.text.matchAll(/\/cancel-consult#token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]),
  );
  if (links.length === 0) throw new Error(`No cancel link was e-mailed to ${to}`);
  return links.at(-1)!;
}

/** A booking of the next free slot at the real time, through the service: its id and cancel token. */
export async function arrangeBooking(email = `family-${crypto.randomUUID()}@example.com`) {
  const { slots } = await freeSlots({});
  const { booking, token } = await bookConsult(bookingRequest(slots[0], { email }) as BookingRequest, {});
  return { id: booking.id, start: booking.start, token };
}
