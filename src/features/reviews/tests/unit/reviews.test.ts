/** What the cards say of an editor: the rating from the third published review, the on-time share from the fifth round. */
import { describe, expect, it } from 'vitest';
import { onTimeLabel, ratingLabel } from '../../rating';
import { meanScore, onTimeShare, ratingOf } from '../../reviews';
import { DAY_MS } from '#lib/time';

describe('the rating', () => {
  it.each([
    [1, 4.7, { count: 1, average: null }, '1 review'],
    [2, 9.4, { count: 2, average: null }, '2 reviews'],
    [3, 14, { count: 3, average: 4.7 }, '★ 4.7 · 3 reviews'],
    [12, 57.6, { count: 12, average: 4.8 }, '★ 4.8 · 12 reviews'],
    [200, 1000, { count: 200, average: 5 }, '★ 5.0 · 200 reviews'],
  ])('%i reviews adding up to %d', (count, sum, rating, label) => {
    expect(ratingOf(count, sum)).toEqual(rating);
    expect(ratingLabel(ratingOf(count, sum), { rounds: 5, share: 1 })).toBe(label);
  });

  it('New editor only before any work is returned: with rounds returned and no review, No reviews yet', () => {
    expect(ratingLabel(ratingOf(0, 0), { rounds: 0, share: null })).toBe('New editor');
    expect(ratingLabel(ratingOf(0, 0), { rounds: 1, share: null })).toBe('No reviews yet');
    expect(ratingLabel(ratingOf(1, 5), { rounds: 0, share: null })).toBe('1 review');
  });

  it('a review counts as the mean of its three scores', () => {
    expect(meanScore({ feedback: 5, communication: 4, onTime: 5 })).toBeCloseTo(4.667, 3);
  });
});

describe('the on-time share', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const rounds = (onTime: boolean[], daysAgo = 1) =>
    Object.fromEntries(
      onTime.map((ok, i) => [`p${i}#1`, { at: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(), onTime: ok }]),
    );

  it('is shown from the fifth round returned within 90 days, rounded to a percent', () => {
    expect(onTimeShare(rounds([true, true, true, false]), now)).toEqual({ rounds: 4, share: null });
    expect(onTimeLabel(onTimeShare(rounds([true, true, true, false]), now))).toBeNull();
    expect(onTimeShare(rounds([true, true, true, true, false]), now)).toEqual({ rounds: 5, share: 0.8 });
    expect(onTimeLabel(onTimeShare(rounds([true, true, false]), now))).toBeNull();
    expect(onTimeLabel({ rounds: 6, share: 5 / 6 })).toBe('On time 83%');
  });

  it('forgets rounds older than the period', () => {
    expect(onTimeShare(rounds([true, true, true, true, true], 91), now)).toEqual({ rounds: 0, share: null });
  });
});
