/**
 * Booking and cancelling the free consult. The server decides which slots exist
 * (consult-slots.ts) and who holds one (a claim written `onlyIfNew`, consults.repo.ts); a booking
 * changes only by compare-and-set, so of two requests that meet, one wins and the other is told why.
 */
import { consultMessages } from '../consult-messages';
import {
  BUSINESS_TIME_ZONE,
  slotEnd,
  type BookingRequest,
  type ConsultByToken,
  type ConsultItem,
  type FreeSlots,
} from '../consult-rules';
import type { Availability } from '../consult-availability';
import { offerWindow, offeredSlots } from './consult-slots';
import { cancellationMails, confirmationMails, sendOnce } from './consult-mail';
import { hashToken, newCancelToken } from './consult-token';
import { consultsRepo, reminderDue, type ConsultBooking } from './consults.repo';
import { HttpError } from '#server/core/http';
import { spend } from '#server/core/rate-limits';
import { StorageError, type DeployInfo } from '#server/storage/stores';

/**
 * The slots on offer that nobody holds, soonest first. The availability and the claims of the whole
 * window are read at once: one round trip to the store rather than two.
 */
export async function freeSlots(info: DeployInfo, now = new Date()): Promise<FreeSlots> {
  const repo = consultsRepo(info);
  const { earliest, latest } = offerWindow(now);
  const [{ availability }, taken] = await Promise.all([
    repo.availability(),
    repo.takenSlots(new Date(earliest), new Date(latest)),
  ]);
  return { timeZone: BUSINESS_TIME_ZONE, slots: offeredSlots(availability, now).filter((slot) => !taken.has(slot)) };
}

/**
 * Books `request.start` for the visitor and e-mails the confirmations: 400 unless the availability
 * offers that slot now, 409 when someone else holds it. The booking and its token are written first
 * and claim the slot after, so a slot is never held by a booking that does not exist; a loser's
 * records are removed again. Safe to retry at every write: the booking's id is the page's request id,
 * so a retry of the same request finds the booking (and its claim) the first attempt made and does
 * what is left. Each retry gives a new cancel token; a confirmation already sent keeps the first.
 */
export async function bookConsult(
  request: BookingRequest,
  info: DeployInfo,
  {
    now = new Date(),
    editorName = null,
    ip = null,
  }: { now?: Date; editorName?: string | null; ip?: string | null } = {},
): Promise<{ booking: ConsultBooking; token: string }> {
  const repo = consultsRepo(info);
  // Our branded e-mail goes to the address given: a few bookings a day per address and per
  // connection, so the form cannot be used to send it to many. A retry of a booking is not counted.
  if (!(await repo.get(request.requestId))) {
    await spend('bookingByAddress', request.email, info, now);
    if (ip) await spend('bookingByIp', ip, info, now);
  }
  const booking = await bookingFor(request, repo, now);
  const token = newCancelToken();
  const tokenHash = hashToken(token);
  await repo.addToken(booking, tokenHash);
  if (!(await claimOrFindClaim(repo, booking))) {
    await repo.discard(booking, tokenHash);
    throw new HttpError(409, consultMessages.slotTaken);
  }
  // Booked less than a day ahead: the confirmation is reminder enough.
  if (reminderDue(booking) > now) await repo.scheduleReminder(booking);
  await sendOnce(
    confirmationMails(booking, { token, editorName, now: new Date(booking.createdAt) }),
    info,
    `consult-${booking.id}-booked`,
    new Date(booking.createdAt),
  );
  return { booking, token };
}

/**
 * Claims the booking's slot; true when the booking holds it, now or from an earlier attempt. A claim
 * refused while nobody holds the slot (freed by a cancel meanwhile) is tried again.
 */
async function claimOrFindClaim(repo: ReturnType<typeof consultsRepo>, booking: ConsultBooking): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await repo.claimSlot(booking)) return true;
    const holder = await repo.slotHolder(booking.start);
    if (holder) return holder === booking.id;
  }
  throw new StorageError(`The claim on ${booking.start} kept being refused while nobody held it`);
}

/** The booking this request makes: stored now, or found as an earlier attempt of the same request stored it. */
async function bookingFor(
  request: BookingRequest,
  repo: ReturnType<typeof consultsRepo>,
  now: Date,
): Promise<ConsultBooking> {
  const { availability } = await repo.availability();
  if (!offeredSlots(availability, now).includes(request.start)) {
    const earlier = await repo.get(request.requestId);
    if (!earlier) throw new HttpError(400, consultMessages.slotNotOffered);
  }
  const at = now.toISOString();
  const fresh: ConsultBooking = {
    id: request.requestId,
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
    // The meeting link the confirmation will carry, kept so that a retry sends the same one.
    history: [{ type: 'booked', at, ...(availability.meetingLink ? { link: availability.meetingLink } : {}) }],
  };
  if (await repo.create(fresh)) return fresh;
  const earlier = (await repo.get(fresh.id))?.value;
  if (!earlier) throw new StorageError(`Booking ${fresh.id} was refused as existing, yet it does not`);
  if (earlier.start !== fresh.start || earlier.email !== fresh.email)
    throw new HttpError(409, consultMessages.requestReused);
  if (earlier.status === 'cancelled') throw new HttpError(409, consultMessages.alreadyCancelled);
  return earlier;
}

export type Canceller = { by: 'visitor' } | { by: 'admin'; admin: string };

/**
 * Cancels a booking, frees its slot and e-mails the cancellation: 404 for an unknown id, 409 when it
 * has begun. Only a compare-and-set moves the booking to 'cancelled'; the rest follows from that and is
 * done again by any later cancel, which then answers 409 (already cancelled): so a cancel that failed
 * midway is finished by its retry, with each e-mail sent once.
 */
export async function cancelConsult(
  id: string,
  canceller: Canceller,
  info: DeployInfo,
  now = new Date(),
): Promise<ConsultBooking> {
  const repo = consultsRepo(info);
  // Another writer (the reminder run) may change the booking meanwhile: then read it again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.get(id);
    if (!found) throw new HttpError(404, consultMessages.consultNotFound);
    const booking = found.value;
    if (booking.status === 'cancelled') {
      await afterCancel(booking, info);
      throw new HttpError(409, consultMessages.alreadyCancelled);
    }
    if (Date.parse(booking.start) <= now.getTime()) throw new HttpError(409, consultMessages.alreadyHappened);
    const cancelled: ConsultBooking = {
      ...booking,
      status: 'cancelled',
      sequence: booking.sequence + 1,
      history: [...booking.history, { type: 'cancelled', at: now.toISOString(), ...canceller }],
    };
    if (!(await repo.update(found, cancelled))) continue;
    await afterCancel(cancelled, info);
    return cancelled;
  }
  throw new StorageError(`Consult ${id} kept changing while it was being cancelled`);
}

/**
 * What follows a cancel, each step harmless to repeat: the booking kept in the admin's list, the
 * reminder forgotten, the visitor told once, and the slot freed last: while the cancelled booking
 * still holds it, whoever reads the claims (a day off saved over it) sees a cancel to finish.
 */
async function afterCancel(cancelled: ConsultBooking, info: DeployInfo): Promise<void> {
  const repo = consultsRepo(info);
  const at = new Date(cancelled.history.findLast((e) => e.type === 'cancelled')!.at);
  await repo.listCancelled(cancelled);
  await repo.forgetReminder(cancelled);
  await sendOnce(cancellationMails(cancelled, { now: at }), info, `consult-${cancelled.id}-cancelled`, at);
  await repo.releaseSlot(cancelled);
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
  return {
    start: booking.start,
    end: booking.end,
    timeZone: booking.timeZone,
    status: booking.status,
    cancelledAt: cancelled?.at ?? null,
  };
}

/** The meeting link that applies to a booking now: its own, else the availability's; null while none is set. */
export const joinLink = (booking: ConsultBooking, availability: Availability): string | null =>
  booking.meetingLink || availability.meetingLink || null;

/**
 * A booking as the admin reads it, with its preferred editor's current name (`names`: id -> name) and
 * the meeting link that applies to it under `availability`.
 */
export function consultItem(
  booking: ConsultBooking,
  names: Map<string, string>,
  availability: Availability,
): ConsultItem {
  const { id, start, end, name, email, intendedMajor, preferredEditor, timeZone, status, history } = booking;
  return {
    id,
    start,
    end,
    name,
    email,
    intendedMajor,
    preferredEditor,
    preferredEditorName: names.get(preferredEditor) ?? null,
    timeZone,
    status,
    history,
    meetingLink: booking.meetingLink || null,
    joinLink: joinLink(booking, availability),
  };
}
