import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from '../../src/lib/numbers';
import { formatUsdCents } from '../../src/lib/money';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [650, '650'],
    [1234, '1,234'],
    [1_000_000, '1,000,000'],
    [-1234567, '-1,234,567'],
    [2.5, '2.5'],
    [1234.5678, '1,234.568'],
  ])('%d reads %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('reads every count as en-US does', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [1, 12, 123, 999, 1000, 9999, 10_000, 99_999, 100_000, 123_456_789, -1, -999, -1000, 2 ** 40]) {
      expect(formatCount(n)).toBe(intl.format(n));
    }
  });
});

describe('formatUsdCents', () => {
  it.each([
    [10000, '$100.00'],
    [5, '$0.05'],
    [123456789, '$1,234,567.89'],
    [-15000, '-$150.00'],
    [-5, '-$0.05'],
  ])('%d cents read %s', (cents, text) => {
    expect(formatUsdCents(cents)).toBe(text);
  });
});

describe('loading the formatters', () => {
  afterEach(() => vi.restoreAllMocks());

  // A function's cold start paid about 10 ms for the first Intl formatter, built when a module loaded.
  it('builds no Intl formatter until a number needs one', async () => {
    vi.resetModules();
    const built: string[] = [];
    const { NumberFormat, DateTimeFormat } = Intl;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      built.push('NumberFormat');
      return new NumberFormat(...args);
    });
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      built.push('DateTimeFormat');
      return new DateTimeFormat(...args);
    });
    const numbers = await import('../../src/lib/numbers');
    const money = await import('../../src/lib/money');
    await import('../../src/features/admin/reports');
    await import('../../src/lib/zod');
    numbers.formatCount(1234);
    money.formatUsd(123456);
    money.formatUsdCents(-150);
    expect(built).toEqual([]);
  });
});
