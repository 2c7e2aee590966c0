import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/lib/numbers';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [650, '650'],
    [1234, '1,234'],
    [1_000_000, '1,000,000'],
  ])('%d reads %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});
