/**
 * The consult availability without zod: the weekly windows and days off the admin sets,
 * in New York wall-clock time, and the rules they must follow. The admin tab checks with these, the
 * schemas in consult.ts are built from them, and the server makes slots from them.
 */
import { SLOT_MINUTES } from './consult-rules';

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

/** A New York date with hours of its own instead of its weekday's ('an extra Saturday'). */
interface DateHours {
  date: string;
  windows: TimeWindow[];
}

export interface Availability {
  weekly: Record<Weekday, TimeWindow[]>;
  /** New York dates ('2026-03-09') with no consults at all: days off and holidays. */
  daysOff: string[];
  /** Dates opened beyond the weekly hours, or with other hours than their weekday's. */
  openDates: DateHours[];
  /** Where visitors join the call; '' until the admin sets one, and the e-mails say it will follow. */
  meetingLink: string;
}

const weekdayHours: TimeWindow[] = [
  { start: '10:00', end: '12:00' },
  { start: '14:00', end: '17:00' },
];
/** Until the admin sets hours: weekday mornings and afternoons, so a fresh site offers slots. */
export const DEFAULT_AVAILABILITY: Availability = {
  weekly: {
    mon: weekdayHours,
    tue: weekdayHours,
    wed: weekdayHours,
    thu: weekdayHours,
    fri: weekdayHours,
    sat: [],
    sun: [],
  },
  daysOff: [],
  openDates: [],
  meetingLink: '',
};

export const MAX_WINDOWS_PER_DAY = 8;
export const MAX_DAYS_OFF = 366;
export const MAX_OPEN_DATES = 100;
export const MAX_MEETING_LINK = 500;

/** A meeting link the e-mails may carry: an https address, nothing else ('' for none). */
export function meetingLinkProblem(link: string): string | null {
  if (link === '') return null;
  if (link.length > MAX_MEETING_LINK) return `the meeting link must be at most ${MAX_MEETING_LINK} characters`;
  try {
    const url = new URL(link);
    if (url.protocol === 'https:' && !/\s/.test(link) && url.hostname.includes('.')) return null;
  } catch {
    // Not an address at all: answered below.
  }
  return 'the meeting link must be an https address such as https://meet.example.com/abc';
}

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
export const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

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

/** GET/PUT /api/admin/consult-availability */
export interface AvailabilitySettings {
  availability: Availability;
  /** Null while the defaults apply. */
  updatedAt: string | null;
}
