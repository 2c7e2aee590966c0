/**
 * Consult times as visitors read them, in their own zone (consult-format.ts, Intl only), from the same
 * slots the server offers: a New York afternoon is the next day in Kolkata, and London changes its
 * clocks three weeks after New York, so for those weeks the two are four hours apart, not five.
 */
import { describe, expect, it } from 'vitest';
import { offeredSlots } from '../../server/consult-slots';
import { formatConsult, formatDay, formatTime, groupByDay, localDate, timeZoneName } from '../../consult-format';
import { isTimeZone } from '../../consult-rules';
import { DEFAULT_AVAILABILITY, isIsoDate, minutesOfDay, windowsProblem } from '../../consult-availability';

/** ICU writes narrow and thin no-break spaces ('7:30\u202fPM'); tests compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

// Friday 6 March (New York on EST) and Monday 9 March 2026 (EDT; London still on GMT).
const slots = offeredSlots(DEFAULT_AVAILABILITY, new Date('2026-03-05T17:00:00.000Z'));
const monday = slots.filter((s) => s.startsWith('2026-03-09'));
const fridayTen = '2026-03-06T15:00:00.000Z';
const mondayTen = '2026-03-09T14:00:00.000Z';

describe('a visitor in New York', () => {
  const zone = 'America/New_York';
  it('sees the business hours as they are', () => {
    expect(plain(formatTime(fridayTen, zone))).toBe('10:00 AM');
    expect(plain(formatTime(mondayTen, zone))).toBe('10:00 AM');
    expect(formatDay(mondayTen, zone)).toBe('Monday, March 9');
    expect(groupByDay(monday, zone)).toEqual([{ date: '2026-03-09', slots: monday }]);
    expect(timeZoneName(zone, new Date(fridayTen))).toBe('Eastern Standard Time');
    expect(timeZoneName(zone, new Date(mondayTen))).toBe('Eastern Daylight Time');
  });
});

describe('a visitor in Asia/Kolkata (UTC+5:30, no daylight saving)', () => {
  const zone = 'Asia/Kolkata';
  it('sees 10:00 New York as 8:30 PM before the change and 7:30 PM after it', () => {
    expect(plain(formatTime(fridayTen, zone))).toBe('8:30 PM');
    expect(plain(formatTime(mondayTen, zone))).toBe('7:30 PM');
    expect(timeZoneName(zone)).toBe('India Standard Time');
  });

  it('finds the New York afternoon on the next day: from midnight it is Tuesday 10 March', () => {
    const days = groupByDay(monday, zone);
    expect(days.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-10']);
    // 10:00-11:45 and 14:00-14:15 EDT are Monday evening; 14:30 EDT (18:30 UTC) is 00:00 on Tuesday.
    expect(days[0].slots).toHaveLength(10);
    expect(days[1].slots[0]).toBe('2026-03-09T18:30:00.000Z');
    expect(plain(formatTime(days[1].slots[0], zone))).toBe('12:00 AM');
    expect(formatDay(days[1].slots[0], zone)).toBe('Tuesday, March 10');
    expect(localDate('2026-03-09T18:29:59.000Z', zone)).toBe('2026-03-09');
  });

  it('reads a whole consult with its zone', () => {
    expect(plain(formatConsult(mondayTen, '2026-03-09T14:15:00.000Z', zone))).toBe(
      'Monday, March 9, 2026, 7:30 – 7:45 PM GMT+5:30',
    );
  });
});

describe('a visitor in Europe/London (GMT until 29 March, then BST)', () => {
  const zone = 'Europe/London';
  it('sees 10:00 New York as 3:00 PM before 8 March, and 2:00 PM between the two changes', () => {
    expect(plain(formatTime(fridayTen, zone))).toBe('3:00 PM');
    expect(plain(formatTime(mondayTen, zone))).toBe('2:00 PM');
    expect(timeZoneName(zone, new Date(mondayTen))).toBe('Greenwich Mean Time');
  });

  it('sees 10:00 New York as 3:00 PM again once London is on summer time too', () => {
    const april = offeredSlots(DEFAULT_AVAILABILITY, new Date('2026-03-30T12:00:00.000Z'));
    const wednesdayTen = april.find((s) => s.startsWith('2026-04-01'))!;
    expect(wednesdayTen).toBe('2026-04-01T14:00:00.000Z');
    expect(plain(formatTime(wednesdayTen, zone))).toBe('3:00 PM');
    expect(timeZoneName(zone, new Date(wednesdayTen))).toBe('British Summer Time');
  });

  it('keeps all of a New York working day on one London day', () => {
    expect(groupByDay(monday, zone)).toEqual([{ date: '2026-03-09', slots: monday }]);
  });
});

describe('the zod-free rules the admin form and the schemas share', () => {
  it('knows quarter-hour times, with 24:00 as the end of a day', () => {
    expect(['00:00', '09:30', '23:45', '24:00'].map(minutesOfDay)).toEqual([0, 570, 1425, 1440]);
    for (const bad of ['9:30', '09:10', '24:15', '25:00', '12:60', '', 'noon']) expect(minutesOfDay(bad)).toBeNull();
  });

  it('refuses windows that end before they start or overlap, and accepts touching ones', () => {
    expect(
      windowsProblem([
        { start: '10:00', end: '12:00' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toBeNull();
    expect(windowsProblem([{ start: '12:00', end: '12:00' }])).toBe('a window must end after it starts');
    expect(
      windowsProblem([
        { start: '14:00', end: '16:00' },
        { start: '10:00', end: '14:15' },
      ]),
    ).toBe('windows must not overlap');
    expect(windowsProblem([{ start: '10:05', end: '11:00' }])).toBe('times must be quarter hours such as 09:30');
  });

  it('knows real dates and real time zones', () => {
    expect(['2026-03-08', '2028-02-29'].every(isIsoDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-3-8', '2026-03-08T00:00'].some(isIsoDate)).toBe(false);
    expect(['Asia/Kolkata', 'Europe/London', 'America/New_York', 'UTC'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus', '', 'x'.repeat(65)].some(isTimeZone)).toBe(false);
  });
});
