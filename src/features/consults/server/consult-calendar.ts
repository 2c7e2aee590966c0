/**
 * The consult's calendar invite (iCalendar, RFC 5545, with iTIP methods, RFC 5546), written by
 * ical-generator. One UID per booking, so the cancellation (METHOD:CANCEL, a higher SEQUENCE)
 * removes the very event the invite added. Times are UTC instants ('...Z'): every calendar shows
 * them in its owner's zone and the file needs no VTIMEZONE block, which ical-generator can only
 * write with a time-zone database we would have to ship (docs/decisions/014-consult-booking.md).
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { consultMessages } from '../consult-messages';
import { site } from '#lib/site';
import type { ConsultBooking } from './consults.repo';
import { greetingName } from '#server/core/visitor-name';

export type InviteMethod = 'REQUEST' | 'CANCEL';

const DOMAIN = site.email.slice(site.email.indexOf('@') + 1);
/** Stable for the booking's whole life: calendars match the cancellation to the invite by it. */
export const consultUid = (bookingId: string) => `consult-${bookingId}@${DOMAIN}`;

/** `link`: where to join the call, as the event's location and URL; calendars offer it at the time. */
export function consultInvite(
  booking: ConsultBooking,
  method: InviteMethod,
  { now, description, link = null }: { now: Date; description: string; link?: string | null },
): string {
  const calendar = ical({
    prodId: { company: site.name, product: 'Consult booking' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: consultUid(booking.id),
    sequence: booking.sequence,
    stamp: now,
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: consultMessages.eventTitle,
    description,
    ...(link ? { location: link, url: link } : {}),
    status: method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: site.name, email: site.email },
    // The visitor chose the time themselves: nothing to accept. The invite goes to the address they
    // gave: it names them by their cleaned first name at most (letters only, nothing to escape).
    attendees: [
      {
        name: greetingName(booking.name) ?? booking.email,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}
