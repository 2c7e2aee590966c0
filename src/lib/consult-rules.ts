/**
 * The free 15-minute consult (DESIGN §12) without zod or a date library, so the booking island, the
 * cancel page and the admin tab can use it: the constants, the shapes the API answers, and the
 * availability rules that consult.ts turns into schemas. Slot generation itself needs time-zone
 * arithmetic and lives on the server (netlify/server/consult-slots.ts, luxon).
 */

/** The business's own clock: availability windows and days off are New York wall-clock times. */
export const BUSINESS_TIME_ZONE = 'America/New_York';
export const SLOT_MINUTES = 15;
/** Slots are offered from NOTICE_HOURS ahead until HORIZON_DAYS ahead. */
export const HORIZON_DAYS = 14;
export const NOTICE_HOURS = 12;
/** The reminder goes out this long before the consult (not at all when booked later than that). */
export const REMINDER_HOURS_BEFORE = 24;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Monday first, as luxon numbers weekdays (1 = Monday ... 7 = Sunday). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A stretch of a day when consults may start and end, New York time: '10:00' to '12:00'. */
export interface TimeWindow {
  start: string;
  end: string;
}

export interface Availability {
  weekly: Record<Weekday, TimeWindow[]>;
  /** New York dates ('2026-03-09') with no consults at all. */
  daysOff: string[];
}

const weekdayHours: TimeWindow[] = [
  { start: '10:00', end: '12:00' },
  { start: '14:00', end: '17:00' },
];
/** Until the admin sets hours: weekday mornings and afternoons, so a fresh site offers slots. */
export const DEFAULT_AVAILABILITY: Availability = {
  weekly: { mon: weekdayHours, tue: weekdayHours, wed: weekdayHours, thu: weekdayHours, fri: weekdayHours, sat: [], sun: [] },
  daysOff: [],
};

export const MAX_WINDOWS_PER_DAY = 8;
export const MAX_DAYS_OFF = 366;
export const CONSULT_LIMITS = { name: 120, preferredEditor: 100, timeZone: 64 } as const;

const TIME_OF_DAY = /^([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Minutes since midnight of a quarter-hour time ('09:30' -> 570, '24:00' -> 1440 as an end of day);
 * null for anything else, so windows and slots always line up.
 */
export function minutesOfDay(time: string): number | null {
  const match = TIME_OF_DAY.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 && minutes % SLOT_MINUTES === 0 ? minutes : null;
}

/** 570 -> '09:30': a time of day for a form field. */
export const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Why one day's windows cannot be saved, or null: each must end after it starts, and none may overlap. */
export function windowsProblem(windows: TimeWindow[]): string | null {
  const spans = windows.map((w) => [minutesOfDay(w.start), minutesOfDay(w.end)] as const);
  if (spans.some(([start, end]) => start === null || end === null)) return 'times must be quarter hours such as 09:30';
  if (spans.some(([start, end]) => end! <= start!)) return 'a window must end after it starts';
  const sorted = [...spans].sort((a, b) => a[0]! - b[0]!);
  if (sorted.some(([start], i) => i > 0 && start! < sorted[i - 1][1]!)) return 'windows must not overlap';
  return null;
}

/** A real calendar date written '2026-03-09'. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

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
}
export interface BookedConsult {
  id: string;
  start: string;
  end: string;
  email: string;
}

export type ConsultStatus = 'booked' | 'cancelled';

/** What the cancel link's holder may see of their consult. */
export interface ConsultByToken {
  start: string;
  end: string;
  timeZone: string;
  status: ConsultStatus;
  cancelledAt: string | null;
}

/** One line of a booking's history. */
export type ConsultEvent =
  | { type: 'booked'; at: string }
  | { type: 'cancelled'; at: string; by: 'visitor' }
  | { type: 'cancelled'; at: string; by: 'admin'; admin: string }
  | { type: 'reminder-sent'; at: string };

/** A consult as the admin reads it. */
export interface ConsultItem {
  id: string;
  start: string;
  end: string;
  name: string;
  email: string;
  intendedMajor: string;
  preferredEditor: string;
  /** The preferred editor's current name; null for 'any' or an editor deleted since. */
  preferredEditorName: string | null;
  timeZone: string;
  status: ConsultStatus;
  history: ConsultEvent[];
}

/** GET/PUT /api/admin/consult-availability */
export interface AvailabilitySettings {
  availability: Availability;
  /** Null while the defaults apply. */
  updatedAt: string | null;
}
