/**
 * Which consult slots exist: weekly windows in New York time, days off, 12 hours' notice,
 * a 14-day horizon, and daylight saving on its real 2026 dates (clocks go forward on 8 March and back on
 * 1 November in New York). Every expectation is an instant written in UTC, worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { offeredSlots } from '../../server/consult-slots';
import {
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
  type Availability,
  type TimeWindow,
  type Weekday,
} from '../../consult-availability';

/** Windows on the given days only. */
function only(
  days: Partial<Record<Weekday, TimeWindow[]>>,
  daysOff: string[] = [],
  openDates: Availability['openDates'] = [],
): Availability {
  return {
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, days[d] ?? []])) as Availability['weekly'],
    daysOff,
    openDates,
    meetingLink: '',
  };
}
const at = (iso: string) => new Date(iso);
const onDate = (slots: string[], utcDate: string) => slots.filter((s) => s.startsWith(utcDate));

describe('the default availability (weekdays 10:00-12:00 and 14:00-17:00 New York time)', () => {
  // Monday 2 March 2026, noon in New York (EST, UTC-5).
  const slots = offeredSlots(DEFAULT_AVAILABILITY, at('2026-03-02T17:00:00.000Z'));

  it('offers 20 slots a weekday, from 12 hours ahead to 14 days ahead, none at weekends', () => {
    // Tue 3 - Fri 6 and Mon 9 - Fri 13 in full; Mon 16 until 13:00 New York (now + 14 days): its morning only.
    expect(slots).toHaveLength(9 * 20 + 8);
    expect(slots[0]).toBe('2026-03-03T15:00:00.000Z');
    expect(slots.at(-1)).toBe('2026-03-16T15:45:00.000Z');
    for (const weekend of ['2026-03-07', '2026-03-08', '2026-03-14', '2026-03-15'])
      expect(onDate(slots, weekend)).toEqual([]);
  });

  it('has the windows of one day, 15 minutes apart, as instants in UTC (EST before 8 March)', () => {
    expect(onDate(slots, '2026-03-03')).toEqual(
      [
        ...['15:00', '15:15', '15:30', '15:45', '16:00', '16:15', '16:30', '16:45'],
        ...['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00', '21:15', '21:30', '21:45'],
      ].map((t) => `2026-03-03T${t}:00.000Z`),
    );
  });

  it('moves every slot an hour earlier in UTC once New York is on EDT (from 8 March)', () => {
    expect(onDate(slots, '2026-03-06')[0]).toBe('2026-03-06T15:00:00.000Z'); // Friday, 10:00 EST
    expect(onDate(slots, '2026-03-09')[0]).toBe('2026-03-09T14:00:00.000Z'); // Monday, 10:00 EDT
    expect(onDate(slots, '2026-03-09').at(-1)).toBe('2026-03-09T20:45:00.000Z'); // 16:45 EDT
  });
});

describe('notice and horizon', () => {
  const tuesday10 = '2026-03-03T15:00:00.000Z'; // 10:00 EST

  it('offers a slot exactly 12 hours ahead, and not one a minute less', () => {
    expect(offeredSlots(DEFAULT_AVAILABILITY, at('2026-03-03T03:00:00.000Z'))[0]).toBe(tuesday10);
    expect(offeredSlots(DEFAULT_AVAILABILITY, at('2026-03-03T03:01:00.000Z'))[0]).toBe('2026-03-03T15:15:00.000Z');
  });

  it('offers a slot a minute inside 14 days, and not one exactly 14 days ahead', () => {
    expect(offeredSlots(DEFAULT_AVAILABILITY, at('2026-02-17T15:01:00.000Z'))).toContain(tuesday10);
    expect(offeredSlots(DEFAULT_AVAILABILITY, at('2026-02-17T15:00:00.000Z'))).not.toContain(tuesday10);
  });

  it('offers nothing when no day has a window', () => {
    expect(offeredSlots(only({}), at('2026-03-02T17:00:00.000Z'))).toEqual([]);
  });
});

describe('windows and days off', () => {
  const now = at('2026-03-02T17:00:00.000Z');

  it('takes each weekday its own windows, to the quarter hour, a window of 45 minutes giving 3 slots', () => {
    const slots = offeredSlots(
      only({ sat: [{ start: '09:00', end: '09:45' }], wed: [{ start: '23:30', end: '24:00' }] }),
      now,
    );
    expect(onDate(slots, '2026-03-07')).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-07T14:15:00.000Z',
      '2026-03-07T14:30:00.000Z',
    ]);
    // Wednesday 23:30-24:00 New York is early Thursday in UTC.
    expect(onDate(slots, '2026-03-05')).toEqual(['2026-03-05T04:30:00.000Z', '2026-03-05T04:45:00.000Z']);
    expect(slots).toHaveLength(2 * 3 + 2 * 2);
  });

  it('offers nothing on a day off (a New York date), and keeps the other days', () => {
    const slots = offeredSlots({ ...DEFAULT_AVAILABILITY, daysOff: ['2026-03-04', '2026-03-10'] }, now);
    expect(onDate(slots, '2026-03-04')).toEqual([]);
    expect(onDate(slots, '2026-03-10')).toEqual([]);
    expect(slots).toHaveLength(7 * 20 + 8);
  });

  it('keeps the date of a day off in New York, whatever the UTC date', () => {
    const lateEvening = only({ wed: [{ start: '22:00', end: '22:15' }] }, ['2026-03-04']);
    // Wednesday 4 March 22:00 EST is 03:00 UTC on Thursday: still the day off.
    expect(offeredSlots(lateEvening, now)).toEqual(['2026-03-12T02:00:00.000Z']);
  });
});

describe('daylight saving on its real dates', () => {
  it('spring forward, Sunday 8 March 2026: the hour from 02:00 does not exist, so a window over it is an hour shorter', () => {
    const slots = offeredSlots(only({ sun: [{ start: '01:00', end: '04:00' }] }), at('2026-03-05T12:00:00.000Z'));
    expect(slots).toEqual([
      ...['06:00', '06:15', '06:30', '06:45'].map((t) => `2026-03-08T${t}:00.000Z`), // 01:00-01:45 EST
      ...['07:00', '07:15', '07:30', '07:45'].map((t) => `2026-03-08T${t}:00.000Z`), // 03:00-03:45 EDT
      ...[
        '05:00',
        '05:15',
        '05:30',
        '05:45',
        '06:00',
        '06:15',
        '06:30',
        '06:45',
        '07:00',
        '07:15',
        '07:30',
        '07:45',
      ].map((t) => `2026-03-15T${t}:00.000Z`),
    ]);
  });

  it('spring forward: a window inside the missing hour offers nothing that day, and its half hour the Sunday after', () => {
    const slots = offeredSlots(only({ sun: [{ start: '02:00', end: '02:30' }] }), at('2026-03-05T12:00:00.000Z'));
    expect(slots).toEqual(['2026-03-15T06:00:00.000Z', '2026-03-15T06:15:00.000Z']);
  });

  it('fall back, Sunday 1 November 2026: 01:00-02:00 happens twice, and a window holding it offers both', () => {
    const slots = offeredSlots(only({ sun: [{ start: '01:00', end: '02:00' }] }), at('2026-10-29T12:00:00.000Z'));
    expect(onDate(slots, '2026-11-01')).toEqual([
      ...['05:00', '05:15', '05:30', '05:45'].map((t) => `2026-11-01T${t}:00.000Z`), // 01:00-01:45 EDT
      ...['06:00', '06:15', '06:30', '06:45'].map((t) => `2026-11-01T${t}:00.000Z`), // 01:00-01:45 EST
    ]);
    expect(onDate(slots, '2026-11-08')).toHaveLength(4);
  });

  it('fall back: weekday slots move an hour later in UTC from Monday 2 November', () => {
    const slots = offeredSlots(DEFAULT_AVAILABILITY, at('2026-10-29T12:00:00.000Z'));
    expect(onDate(slots, '2026-10-30')[0]).toBe('2026-10-30T14:00:00.000Z'); // Friday, 10:00 EDT
    expect(onDate(slots, '2026-11-02')[0]).toBe('2026-11-02T15:00:00.000Z'); // Monday, 10:00 EST
    expect(onDate(slots, '2026-11-02').at(-1)).toBe('2026-11-02T21:45:00.000Z'); // 16:45 EST
  });

  it('counts notice and horizon in real hours across a change', () => {
    // Saturday 7 March 20:00 EST; 12 real hours later it is Sunday 09:00 EDT (not 08:00).
    const slots = offeredSlots(only({ sun: [{ start: '08:00', end: '10:00' }] }), at('2026-03-08T01:00:00.000Z'));
    expect(onDate(slots, '2026-03-08')).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T13:15:00.000Z',
      '2026-03-08T13:30:00.000Z',
      '2026-03-08T13:45:00.000Z',
    ]);
  });
});

describe('dates beyond the weekly hours', () => {
  // Monday 2 March 2026, noon in New York (EST).
  const NOW = at('2026-03-02T17:00:00.000Z');

  it('an open date on a day without weekly hours offers its own hours, and only that date', () => {
    const slots = offeredSlots(
      only({}, [], [{ date: '2026-03-07', windows: [{ start: '09:00', end: '09:30' }] }]),
      NOW,
    );
    // Saturday 7 March 09:00 and 09:15 EST; the next Saturday stays closed.
    expect(slots).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-07T14:15:00.000Z']);
  });

  it("an open date's hours replace its weekday's", () => {
    const slots = offeredSlots(
      only(
        { tue: [{ start: '10:00', end: '12:00' }] },
        [],
        [{ date: '2026-03-03', windows: [{ start: '16:00', end: '16:15' }] }],
      ),
      NOW,
    );
    expect(onDate(slots, '2026-03-03')).toEqual(['2026-03-03T21:00:00.000Z']);
    expect(onDate(slots, '2026-03-10')).toHaveLength(8);
  });

  it('a closed date (holiday) offers nothing, whatever its weekday', () => {
    const slots = offeredSlots(only({ tue: [{ start: '10:00', end: '12:00' }] }, ['2026-03-10']), NOW);
    expect(onDate(slots, '2026-03-03')).toHaveLength(8);
    expect(onDate(slots, '2026-03-10')).toEqual([]);
  });
});
