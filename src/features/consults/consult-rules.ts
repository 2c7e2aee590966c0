/**
 * The free 15-minute consult without zod or a date library, so the booking island and
 * the cancel page can use it: the constants and the shapes the API answers. The availability rules
 * are in consult-availability.ts (the admin's and the server's, kept out of /contact's JavaScript);
 * slot generation needs time-zone arithmetic and lives on the server (server/consult-slots.ts).
 */
export { BUSINESS_TIME_ZONE } from '#lib/time';
export const SLOT_MINUTES = 15;
/** Slots are offered from NOTICE_HOURS ahead until HORIZON_DAYS ahead. */
export const HORIZON_DAYS = 14;
export const NOTICE_HOURS = 12;
/** The reminder goes out this long before the consult (not at all when booked later than that). */
export const REMINDER_HOURS_BEFORE = 24;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const CONSULT_LIMITS = { name: 120, preferredEditor: 100, timeZone: 64 } as const;

/** An IANA time zone this runtime knows ('Asia/Kolkata'); the browser sends its own. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > CONSULT_LIMITS.timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A slot's start as the API writes it: an ISO instant in UTC with milliseconds. */
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const slotEnd = (start: string) => new Date(Date.parse(start) + SLOT_MINUTES * MINUTE_MS).toISOString();

/** Cancel tokens: 32 random bytes, base64url (43 characters). */
export const CANCEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Where the e-mail's cancel link points; the token travels in the fragment, which no server or log sees. */
export const CANCEL_PAGE_PATH = '/cancel-consult';
export const cancelTokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

// --- What the API answers -------------------------------------------------------------------------

/** GET /api/consult/slots: the free slot starts, soonest first. */
export interface FreeSlots {
  timeZone: string;
  slots: string[];
}

/** POST /api/consult/bookings */
export interface BookingRequest {
  start: string;
  name: string;
  email: string;
  intendedMajor: string;
  preferredEditor: string;
  timeZone: string;
  /** The page's id for this request (a UUID): sent again on a retry, it finds the booking already made. */
  requestId: string;
}
export interface BookedConsult {
  id: string;
  start: string;
  end: string;
  email: string;
}

type ConsultStatus = 'booked' | 'cancelled';

/** What the cancel link's holder may see of their consult. */
export interface ConsultByToken {
  start: string;
  end: string;
  timeZone: string;
  status: ConsultStatus;
  cancelledAt: string | null;
}

/** One line of a booking's history. */
type ConsultEvent =
  // `link`: the meeting link that mail carried; none when it said the link will follow.
  | { type: 'booked'; at: string; link?: string }
  | { type: 'cancelled'; at: string; by: 'visitor' }
  | { type: 'cancelled'; at: string; by: 'admin'; admin: string }
  | { type: 'reminder-sent'; at: string; link?: string }
  | { type: 'link-sent'; at: string; link: string };

/** What a booked consult is: the stored booking's fields that the admin reads too. */
export interface ConsultBasics {
  id: string;
  start: string;
  end: string;
  name: string;
  email: string;
  intendedMajor: string;
  preferredEditor: string;
  /** The visitor's zone when booking: their e-mails show times in it. */
  timeZone: string;
  status: ConsultStatus;
  history: ConsultEvent[];
}

/** A consult as the admin reads it. */
export interface ConsultItem extends ConsultBasics {
  /** The preferred editor's current name; null for 'any' or an editor deleted since. */
  preferredEditorName: string | null;
  /** This consult's own meeting link, or null when the availability's applies. */
  meetingLink: string | null;
  /** The link that applies now, this consult's or the availability's; null while none is set. */
  joinLink: string | null;
}

/** A 409 from PUT /api/admin/consult-availability: booked consults fall on the days off. */
export interface AvailabilityConflict {
  error: string;
  conflicts: ConsultItem[];
}
