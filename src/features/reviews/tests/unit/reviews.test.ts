/**
 * What the cards say of an editor: the rating from the third published review, the on-time share from
 * the fifth round, the typical time to acknowledge a draft from the third, and the track record.
 */
import { describe, expect, it } from 'vitest';
import { onTimeLabel, ratingLabel } from '../../rating';
import { trackPhrases } from '../../track-record';
import { meanScore, onTimeShare, ratingOf, typicalResponseMs } from '../../reviews';
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
    expect(ratingLabel(ratingOf(count, sum), { finished: count })).toBe(label);
  });

  it('New editor only before a project is finished: with one finished and no review, No reviews yet', () => {
    expect(ratingLabel(ratingOf(0, 0), { finished: 0 })).toBe('New editor');
    expect(ratingLabel(ratingOf(0, 0), { finished: 1 })).toBe('No reviews yet');
    expect(ratingLabel(ratingOf(1, 5), { finished: 1 })).toBe('1 review');
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

describe('the track record', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const HOUR = 3_600_000;
  /** Drafts acknowledged `daysAgo`, each `hours` after it came. */
  const responses = (hours: number[], daysAgo = 1) =>
    Object.fromEntries(
      hours.map((h, i) => [`p${i}#1`, { at: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(), ms: h * HOUR }]),
    );

  it('the typical response is the median from the third draft acknowledged within 90 days', () => {
    expect(typicalResponseMs({}, now)).toBeNull();
    expect(typicalResponseMs(responses([2, 30]), now)).toBeNull();
    expect(typicalResponseMs(responses([30, 2, 5]), now)).toBe(5 * HOUR);
    expect(typicalResponseMs(responses([1, 2, 6, 40]), now)).toBe(4 * HOUR);
    expect(typicalResponseMs(responses([1, 2, 3], 91), now)).toBeNull();
  });

  it('says projects finished, the typical response once there is one, and since when', () => {
    const since = '2026-03-14T10:00:00.000Z';
    expect(trackPhrases({ finished: 0, responseMs: null, since })).toEqual(['With us since March 2026']);
    expect(trackPhrases({ finished: 0, responseMs: null, since: '2026-03' })).toEqual(['With us since March 2026']);
    expect(trackPhrases({ finished: 1, responseMs: 40 * 60_000, since })).toEqual([
      '1 project finished',
      'Acknowledges a draft within an hour',
      'With us since March 2026',
    ]);
    expect(trackPhrases({ finished: 12, responseMs: 4.2 * HOUR, since }).slice(0, 2)).toEqual([
      '12 projects finished',
      'Acknowledges a draft within 5 hours',
    ]);
    expect(trackPhrases({ finished: 12, responseMs: 50 * HOUR, since })[1]).toBe('Acknowledges a draft within 3 days');
  });
});
