/**
 * Booking and cancelling the free consult (DESIGN §12). The server decides which slots exist
 * (consult-slots.ts) and who holds one (a claim written `onlyIfNew`, consults.repo.ts); a booking
 * changes only by compare-and-set, so of two requests that meet, one wins and the other is told why.
 */
import { consultMessages } from '../../src/lib/consult-messages';
import { BUSINESS_TIME_ZONE, slotEnd, type BookingRequest, type ConsultByToken, type ConsultItem, type FreeSlots } from '../../src/lib/consult-rules';
import { offerWindow, offeredSlots } from './consult-slots';
import { hashToken, newCancelToken } from './consult-token';
import { consultsRepo, reminderDue, type ConsultBooking } from './consults.repo';
import { HttpError } from './http';
import { StorageError, type DeployInfo } from './stores';

/**
 * The slots on offer that nobody holds, soonest first. The availability and the claims of the whole
 * window are read at once: one round trip to the store rather than two.
 */
export async function freeSlots(info: DeployInfo, now = new Date()): Promise<FreeSlots> {
  const repo = consultsRepo(info);
  const { earliest, latest } = offerWindow(now);
  const [{ availability }, taken] = await Promise.all([repo.availability(), repo.takenSlots(new Date(earliest), new Date(latest))]);
  return { timeZone: BUSINESS_TIME_ZONE, slots: offeredSlots(availability, now).filter((slot) => !taken.has(slot)) };
}

/**
 * Books `request.start` for the visitor: 400 unless the availability offers that slot now, 409 when
 * someone holds it. The booking and its token are written first and claim the slot last, so a slot
 * is never held by a booking that does not exist; a loser's records are removed again.
 */
export async function bookConsult(request: BookingRequest, info: DeployInfo, now = new Date()): Promise<{ booking: ConsultBooking; token: string }> {
  const repo = consultsRepo(info);
  if (!offeredSlots((await repo.availability()).availability, now).includes(request.start)) throw new HttpError(400, consultMessages.slotNotOffered);

  const token = newCancelToken();
  const tokenHash = hashToken(token);
  const at = now.toISOString();
  const booking: ConsultBooking = {
    id: crypto.randomUUID(),
    start: request.start,
    end: slotEnd(request.start),
    name: request.name,
    email: request.email,
    intendedMajor: request.intendedMajor,
    preferredEditor: request.preferredEditor,
    timeZone: request.timeZone,
    status: 'booked',
    sequence: 0,
    createdAt: at,
    history: [{ type: 'booked', at }],
  };
  await repo.create(booking, tokenHash);
  if (!(await repo.claimSlot(booking))) {
    await repo.discard(booking, tokenHash);
    throw new HttpError(409, consultMessages.slotTaken);
  }
  // Booked less than a day ahead: the confirmation is reminder enough.
  if (reminderDue(booking) > now) await repo.scheduleReminder(booking);
  return { booking, token };
}

export type Canceller = { by: 'visitor' } | { by: 'admin'; admin: string };

/**
 * Cancels a booking and frees its slot: 404 for an unknown id, 409 when it is already cancelled or
 * has begun. Only the request whose compare-and-set moves the booking to 'cancelled' frees the slot
 * and answers with the cancelled booking; a repeated or stale cancel changes nothing.
 */
export async function cancelConsult(id: string, canceller: Canceller, info: DeployInfo, now = new Date()): Promise<ConsultBooking> {
  const repo = consultsRepo(info);
  // Another writer (the reminder run) may change the booking meanwhile: then read it again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.get(id);
    if (!found) throw new HttpError(404, consultMessages.consultNotFound);
    const { value: booking, etag } = found;
    if (booking.status === 'cancelled') throw new HttpError(409, consultMessages.alreadyCancelled);
    if (Date.parse(booking.start) <= now.getTime()) throw new HttpError(409, consultMessages.alreadyHappened);
    const cancelled: ConsultBooking = {
      ...booking,
      status: 'cancelled',
      sequence: booking.sequence + 1,
      history: [...booking.history, { type: 'cancelled', at: now.toISOString(), ...canceller }],
    };
    if (!(await repo.update(cancelled, etag))) continue;
    await repo.releaseSlot(cancelled);
    await repo.forgetReminder(cancelled);
    return cancelled;
  }
  throw new StorageError(`Consult ${id} kept changing while it was being cancelled`);
}

/** The booking a cancel link's token belongs to; 404 for a token we never gave out. */
export async function bookingIdForToken(token: string, info: DeployInfo): Promise<string> {
  const id = await consultsRepo(info).bookingIdForToken(hashToken(token));
  if (!id) throw new HttpError(404, consultMessages.badCancelLink);
  return id;
}

/** What the cancel page shows: when, and whether it still stands. */
export function consultByToken(booking: ConsultBooking): ConsultByToken {
  const cancelled = booking.history.find((e) => e.type === 'cancelled');
  return { start: booking.start, end: booking.end, timeZone: booking.timeZone, status: booking.status, cancelledAt: cancelled?.at ?? null };
}

/** A booking as the admin reads it, with its preferred editor's current name (`names`: id -> name). */
export function consultItem(booking: ConsultBooking, names: Map<string, string>): ConsultItem {
  const { id, start, end, name, email, intendedMajor, preferredEditor, timeZone, status, history } = booking;
  return { id, start, end, name, email, intendedMajor, preferredEditor, preferredEditorName: names.get(preferredEditor) ?? null, timeZone, status, history };
}
