/**
 * Consult times for people, with `Intl.DateTimeFormat` only: no date library reaches the browser. A
 * slot is an instant; each reader sees it in their own zone (the visitor's, New York's for the admin).
 * The e-mails use the same functions on the server, so page and e-mail always agree.
 */
const LOCALE = 'en-US';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Making a formatter costs far more than using one: a page formats hundreds of slots. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const DAY = { weekday: 'long', month: 'long', day: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit' } as const;

/** The calendar date of an instant in `timeZone`, as '2026-03-10' (sorts as it reads). */
export function localDate(iso: string, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar date as written ('2026-03-09') for people: 'Monday, March 9, 2026'. */
export const formatDate = (isoDate: string) =>
  formatter('UTC', { ...DAY, year: 'numeric' }).format(new Date(`${isoDate}T12:00:00Z`));

/** 'Monday, March 9' */
export const formatDay = (iso: string, timeZone: string) => formatter(timeZone, DAY).format(new Date(iso));
/** 'Mon' and 'Mar 9', for the compact day buttons. */
export const formatWeekday = (iso: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'short' }).format(new Date(iso));
export const formatMonthDay = (iso: string, timeZone: string) =>
  formatter(timeZone, { month: 'short', day: 'numeric' }).format(new Date(iso));
/** '8:30 PM' */
export const formatTime = (iso: string, timeZone: string) => formatter(timeZone, TIME).format(new Date(iso));

/** 'Monday, March 9, 2026, 8:30 – 8:45 PM GMT+5:30': a whole consult, zone included, for confirmations. */
export function formatConsult(start: string, end: string, timeZone: string): string {
  return formatter(timeZone, { ...DAY, year: 'numeric', ...TIME, timeZoneName: 'short' }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** 'India Standard Time': the zone's name at that instant (it changes with daylight saving). */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  const parts = formatter(timeZone, { timeZoneName: 'long' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

export interface SlotDay {
  /** The reader's date, '2026-03-10'. */
  date: string;
  slots: string[];
}

/** Slots (soonest first) grouped by the reader's calendar day: a New York afternoon is a Kolkata night. */
export function groupByDay(slots: string[], timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const date = localDate(slot, timeZone);
    if (days.at(-1)?.date === date) days.at(-1)!.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}
