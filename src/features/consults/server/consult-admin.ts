/**
 * The admin's changes that reach booked visitors: saving the availability (days off over booked
 * consults, a new meeting link) and a consult's own meeting link. Each is safe to retry at every
 * write: a cancel is finished by its retry (consult-booking.ts), and a visitor is sent a link only
 * when it differs from the last one they were sent, the notice recorded on the booking by
 * compare-and-set before its mail goes, once.
 */
import { localDate } from '../consult-format';
import { consultMessages } from '../consult-messages';
import { BUSINESS_TIME_ZONE, DAY_MS, HORIZON_DAYS, type ConsultItem } from '../consult-rules';
import type { Availability, AvailabilitySettings } from '../consult-availability';
import { cancelConsult, consultItem, joinLink } from './consult-booking';
import { linkMail, sendOnce } from './consult-mail';
import { consultsRepo, type ConsultBooking } from './consults.repo';
import { HttpError } from '#server/core/http';
import { editorNames } from '#features/editors/server/preferred-editor';
import { StorageError, type DeployInfo } from '#server/storage/stores';

/** Every booking that can still be upcoming: the list is never longer than the slots on offer. */
const upcomingWindow = (now: Date): [Date, Date] => [now, new Date(now.getTime() + (HORIZON_DAYS + 1) * DAY_MS)];

/** The last mail that gave the visitor a link (or said it will follow): the confirmation, the reminder, a notice. */
const lastTold = (booking: ConsultBooking) =>
  booking.history.findLast((e) => e.type === 'booked' || e.type === 'reminder-sent' || e.type === 'link-sent');
const toldLink = (booking: ConsultBooking) => {
  const event = lastTold(booking);
  return event && 'link' in event ? (event.link ?? null) : null;
};

/** Whether `tellLink` has anything to do for this booking: a link to send, or a recorded notice to finish. */
function linkToTell(booking: ConsultBooking, availability: Availability, now: Date): boolean {
  if (booking.status !== 'booked' || Date.parse(booking.start) <= now.getTime()) return false;
  const link = joinLink(booking, availability);
  return (link !== null && link !== toldLink(booking)) || lastTold(booking)?.type === 'link-sent';
}

/**
 * E-mails the visitor of booking `id` the meeting link that applies now, if it is not the one they
 * were last sent. The notice is recorded first (with a raised invite SEQUENCE), then sent once under
 * its own id; a retry finds the record and sends what is missing. Answers how many mails went now.
 */
async function tellLink(id: string, availability: Availability, info: DeployInfo, now: Date): Promise<number> {
  const repo = consultsRepo(info);
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.get(id);
    if (!found || !linkToTell(found.value, availability, now)) return 0;
    let booking = found.value;
    const link = joinLink(booking, availability);
    if (link && link !== toldLink(booking)) {
      const told: ConsultBooking = {
        ...booking,
        sequence: booking.sequence + 1,
        history: [...booking.history, { type: 'link-sent', at: now.toISOString(), link }],
      };
      if (!(await repo.update(found, told))) continue;
      booking = told;
    }
    const notices = booking.history.filter((e) => e.type === 'link-sent');
    const notice = notices.at(-1)!;
    return sendOnce(
      [linkMail(booking, notice.link, new Date(notice.at))],
      info,
      `consult-${id}-link-${notices.length}`,
      new Date(notice.at),
    );
  }
  throw new StorageError(`Consult ${id} kept changing while its meeting link was being sent`);
}

/** Tells every visitor in `bookings` who needs it; tries them all, then throws the first failure. */
async function tellLinks(
  bookings: ConsultBooking[],
  availability: Availability,
  info: DeployInfo,
  now: Date,
): Promise<void> {
  const results = await Promise.allSettled(
    bookings.filter((b) => linkToTell(b, availability, now)).map((b) => tellLink(b.id, availability, info, now)),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export type AvailabilityUpdate = { saved: AvailabilitySettings } | { conflicts: ConsultItem[] };

/**
 * Saves the availability. Booked consults on its days off refuse the save and are answered (nothing
 * is written) unless the admin named each of them in `cancelConsults`: then they are cancelled first,
 * each visitor told, and the availability saved after, so no consult is left on a day off; a failure
 * midway is finished by the same request again. Visitors whose meeting link changed are told.
 */
export async function updateAvailability(
  availability: Availability,
  cancelConsults: string[],
  admin: string,
  info: DeployInfo,
  now = new Date(),
): Promise<AvailabilityUpdate> {
  const repo = consultsRepo(info);
  const held = await repo.heldBookings(...upcomingWindow(now));
  const daysOff = new Set(availability.daysOff);
  // A cancelled booking still holding its slot is a cancel an earlier attempt began: it is finished below.
  const onDaysOff = held.filter(
    (b) => Date.parse(b.start) > now.getTime() && daysOff.has(localDate(b.start, BUSINESS_TIME_ZONE)),
  );
  const booked = onDaysOff.filter((b) => b.status === 'booked');
  if (booked.some((b) => !cancelConsults.includes(b.id))) {
    const names = await editorNames(info);
    return { conflicts: booked.map((b) => consultItem(b, names, availability)) };
  }
  for (const booking of onDaysOff) {
    try {
      await cancelConsult(booking.id, { by: 'admin', admin }, info, now);
    } catch (error) {
      // Cancelled meanwhile (by the visitor, or by this request's earlier attempt): already done.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
  const saved = await repo.saveAvailability(availability, now);
  const cancelled = new Set(onDaysOff.map((b) => b.id));
  await tellLinks(
    held.filter((b) => !cancelled.has(b.id)),
    saved.availability,
    info,
    now,
  );
  return { saved };
}

/**
 * Sets booking `id`'s own meeting link ('' to use the availability's) and tells the visitor when the
 * link that applies changed: 404 for an unknown id, 409 once cancelled or begun.
 */
export async function setConsultLink(
  id: string,
  link: string,
  info: DeployInfo,
  now = new Date(),
): Promise<ConsultItem> {
  const repo = consultsRepo(info);
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await repo.get(id);
    if (!found) throw new HttpError(404, consultMessages.consultNotFound);
    const booking = found.value;
    if (booking.status === 'cancelled') throw new HttpError(409, consultMessages.cancelledNoLink);
    if (Date.parse(booking.start) <= now.getTime()) throw new HttpError(409, consultMessages.alreadyHappened);
    const { meetingLink: _, ...rest } = booking;
    const updated: ConsultBooking = link ? { ...rest, meetingLink: link } : rest;
    if ((booking.meetingLink ?? '') !== link && !(await repo.update(found, updated))) continue;
    const { availability } = await repo.availability();
    await tellLink(id, availability, info, now);
    const latest = (await repo.get(id))?.value ?? updated;
    return consultItem(latest, await editorNames(info), availability);
  }
  throw new StorageError(`Consult ${id} kept changing while its meeting link was being set`);
}
