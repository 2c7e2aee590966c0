/** The month report's and the exports' arithmetic: amounts for spreadsheets, calendar months and days, what a search matches. */
import { describe, expect, it } from 'vitest';
import { periodBounds } from '../../server/period';
import { businessTime } from '#features/orders/server/export-rows';
import { centsAsDecimal, formatUsdCents } from '#lib/money';
import { exportPeriodSchema, monthsQuerySchema, searchQuerySchema } from '../../reports.schema';
import {
  addMonths,
  defaultMonths,
  isCalendarDay,
  lastDayOf,
  lastMonthPeriod,
  monthToDatePeriod,
  sameDaysLastMonth,
  thisWeekPeriod,
  monthLabel,
  monthsFrom,
  returnedLate,
} from '../../reports';
import { matchesAny, searchNeedle } from '../../search';

describe('amounts', () => {
  it('writes cents as dollars and cents for a spreadsheet, no symbol or separator', () => {
    expect([123450, 0, 5, 99, 100, 100000000, -5, -15000].map(centsAsDecimal)).toEqual([
      '1234.50',
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '1000000.00',
      '-0.05',
      '-150.00',
    ]);
  });
  it('puts the minus of a loss before the dollar sign', () => {
    expect([formatUsdCents(-15000), formatUsdCents(-5), formatUsdCents(123450)]).toEqual([
      '-$150.00',
      '-$0.05',
      '$1,234.50',
    ]);
  });
});

describe('months and days', () => {
  it('steps months across years', () => {
    expect([addMonths('2026-01', -1), addMonths('2025-12', 1), addMonths('2026-03', -14)]).toEqual([
      '2025-12',
      '2026-01',
      '2025-01',
    ]);
    expect(monthsFrom('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsFrom('2026-02', '2026-01')).toEqual([]);
  });
  it('knows the last day of a month, leap years included', () => {
    expect([lastDayOf('2026-02'), lastDayOf('2028-02'), lastDayOf('2026-12'), lastDayOf('2026-04')]).toEqual([
      '2026-02-28',
      '2028-02-29',
      '2026-12-31',
      '2026-04-30',
    ]);
    expect([
      isCalendarDay('2028-02-29'),
      isCalendarDay('2026-02-29'),
      isCalendarDay('2026-04-31'),
      isCalendarDay('2026-4-1'),
    ]).toEqual([true, false, false, false]);
  });
  it('offers last month, and defaults the report to the last twelve months', () => {
    expect(lastMonthPeriod('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonthPeriod('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(defaultMonths('2026-11-26')).toEqual({ from: '2025-12', to: '2026-11' });
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });

  it('compares this month so far with the same days of the month before, as far as that month goes', () => {
    expect(sameDaysLastMonth('2026-12-03')).toEqual({ from: '2026-11-01', to: '2026-11-03' });
    expect(sameDaysLastMonth('2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(sameDaysLastMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(sameDaysLastMonth('2028-03-30')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(sameDaysLastMonth('2026-05-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it("this month so far (the exports' default) and this week (from Monday) end today", () => {
    expect(monthToDatePeriod('2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(monthToDatePeriod('2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    // Sunday Nov 29, 2026: the week began on Monday the 23rd; a Monday is its own week's first day.
    expect(thisWeekPeriod('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(thisWeekPeriod('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    // Across a month's and a year's end.
    expect(thisWeekPeriod('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-01' });
  });
  it('bounds a period by the midnights of New York, through daylight saving', () => {
    const { start, end } = periodBounds('2026-03-01', '2026-03-31');
    expect(new Date(start).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(businessTime('2026-11-01T05:30:00.000Z')).toBe('2026-11-01 01:30:00');
    expect(businessTime('2026-11-01T06:30:00.000Z')).toBe('2026-11-01 01:30:00');
  });
});

describe('late rounds', () => {
  const round = (returnedAt: string | null, late = false) => ({ returnedAt, dueAt: '2026-03-06T12:00:00.000Z', late });
  it('is late when feedback came back after its due time, or the timers marked it', () => {
    expect(returnedLate(round('2026-03-06T12:00:00.000Z'))).toBe(false);
    expect(returnedLate(round('2026-03-06T12:00:00.001Z'))).toBe(true);
    expect(returnedLate(round('2026-03-05T12:00:00.000Z', true))).toBe(true);
    expect(returnedLate(round(null, true))).toBe(false);
  });
});

describe('queries', () => {
  it('matches a query in any case, its spaces as one, anywhere in a field', () => {
    const needle = searchNeedle('  Ngozi   OKAFOR ');
    expect(needle).toBe('ngozi okafor');
    expect(matchesAny(needle, [null, 'Mrs Ngozi  Okafor-Bello'])).toBe(true);
    expect(matchesAny(needle, ['Ngozi', 'Okafor'])).toBe(false);
  });
  it('parses the periods and the search, and refuses what is not one', () => {
    expect(searchQuerySchema.safeParse({ q: ' ab ' })).toMatchObject({ success: true, data: { q: 'ab' } });
    expect(monthsQuerySchema.safeParse({}).success).toBe(true);
    expect(monthsQuerySchema.safeParse({ from: '2026-01', to: '2028-12' }).success).toBe(true);
    expect(monthsQuerySchema.safeParse({ from: '2026-01', to: '2029-01' }).success).toBe(false);
    expect(exportPeriodSchema.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(exportPeriodSchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(exportPeriodSchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
  });
});
