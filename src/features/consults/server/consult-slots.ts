/**
 * Which consult slots exist: every 15 minutes of real time whose New York wall clock
 * lies inside a window of that day (an open date's own hours, else its weekday's), on a day that is
 * not a day off, from 12 hours ahead to 14 days ahead.
 * luxon does the time-zone arithmetic (docs/decisions/014-consult-booking.md); this module is the only
 * place slots are made, for the list the visitor sees and for the check of a slot someone books.
 *
 * Walking real instants and reading their wall clock, rather than turning wall-clock times into
 * instants, is what makes daylight saving come out right by itself: on the spring-forward day the
 * hour from 02:00 does not exist and yields nothing; on the fall-back day 01:00-02:00 happens twice
 * and a window holding it yields both hours.
 */
import { DateTime } from 'luxon';
import {
  BUSINESS_TIME_ZONE,
  DAY_MS,
  HORIZON_DAYS,
  HOUR_MS,
  MINUTE_MS,
  NOTICE_HOURS,
  SLOT_MINUTES,
} from '../consult-rules';
import { WEEKDAYS, minutesOfDay, type Availability } from '../consult-availability';

/** The instants (ms) a slot on offer at `now` may start from, included, and before. */
export function offerWindow(now: Date): { earliest: number; latest: number } {
  return { earliest: now.getTime() + NOTICE_HOURS * HOUR_MS, latest: now.getTime() + HORIZON_DAYS * DAY_MS };
}

/** The slot starts on offer at `now`, soonest first, as ISO instants; whether one is taken is not asked here. */
export function offeredSlots(availability: Availability, now: Date): string[] {
  const { earliest, latest } = offerWindow(now);
  const daysOff = new Set(availability.daysOff);
  const openDates = new Map(availability.openDates.map((d) => [d.date, d.windows]));
  const slots: string[] = [];
  const lastDay = DateTime.fromMillis(latest, { zone: BUSINESS_TIME_ZONE }).startOf('day');
  for (
    let day = DateTime.fromMillis(earliest, { zone: BUSINESS_TIME_ZONE }).startOf('day');
    day <= lastDay;
    day = day.plus({ days: 1 })
  ) {
    const date = day.toISODate()!;
    const hours = openDates.get(date) ?? availability.weekly[WEEKDAYS[day.weekday - 1]];
    const windows = hours.map((w) => [minutesOfDay(w.start)!, minutesOfDay(w.end)!] as const);
    if (windows.length === 0 || daysOff.has(date)) continue;
    // Calendar arithmetic: the next midnight, 23 or 25 hours away on the days the clocks change.
    const nextDay = day.plus({ days: 1 });
    for (const [at, wallClock] of slotStarts(day, nextDay)) {
      if (!windows.some(([start, end]) => start <= wallClock && wallClock + SLOT_MINUTES <= end)) continue;
      if (at >= earliest && at < latest) slots.push(new Date(at).toISOString());
    }
  }
  return slots;
}

/**
 * Every 15 minutes of real time from `day`'s midnight to the next, as [instant, wall-clock minutes
 * past midnight]. When the clocks do not change that day (the offset at both midnights is the same),
 * the wall clock is simply the time since midnight; on the two days a year they do, luxon reads each
 * instant's wall clock (a cold start would otherwise spend ~100 ms asking it for all 1,400 slots).
 */
function* slotStarts(day: DateTime, nextDay: DateTime): Generator<[number, number]> {
  const midnight = day.toMillis();
  if (day.offset === nextDay.offset) {
    for (let at = midnight; at < nextDay.toMillis(); at += SLOT_MINUTES * MINUTE_MS)
      yield [at, (at - midnight) / MINUTE_MS];
    return;
  }
  for (let slot = day; slot < nextDay; slot = slot.plus({ minutes: SLOT_MINUTES }))
    yield [slot.toMillis(), slot.hour * 60 + slot.minute];
}
