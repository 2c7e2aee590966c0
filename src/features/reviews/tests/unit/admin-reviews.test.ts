import { describe, expect, it } from 'vitest';
import {
  isReviewFiltered,
  NO_REVIEW_FILTER,
  reviewsSearch,
  type ReviewFilter,
} from '../../../../islands/shared/admin/review-filters';
import { isShownReview } from '../../reviews';
import { adminReviewFilterSchema } from '../../reviews.schema';

describe("the admin's review filters", () => {
  it('asks for the page alone when nothing is filtered', () => {
    expect(reviewsSearch(NO_REVIEW_FILTER, null)).toBe('?limit=50');
    expect(isReviewFiltered(NO_REVIEW_FILTER)).toBe(false);
  });

  it('adds only the filters that are set, after the cursor; the server accepts each', () => {
    const filter: ReviewFilter = { editorId: 'maya-chen', score: '4', hidden: 'false', held: 'true' };
    expect(reviewsSearch(filter, 'by-created/x')).toBe(
      '?limit=50&cursor=by-created%2Fx&editor=maya-chen&score=4&hidden=false&held=true',
    );
    expect(reviewsSearch({ ...NO_REVIEW_FILTER, hidden: 'true' }, null)).toBe('?limit=50&hidden=true');
    for (const change of [
      { editorId: 'maya-chen' },
      { score: '1' },
      { hidden: 'true' as const },
      { held: 'false' as const },
    ])
      expect(isReviewFiltered({ ...NO_REVIEW_FILTER, ...change })).toBe(true);
    const params = Object.fromEntries(new URLSearchParams(reviewsSearch(filter, null)));
    expect(adminReviewFilterSchema.parse(params)).toEqual({
      editor: 'maya-chen',
      score: 4,
      hidden: 'false',
      held: 'true',
    });
    expect(adminReviewFilterSchema.safeParse({ held: 'yes' }).error?.issues[0].message).toBe(
      'held must be true or false',
    );
  });
});

describe('which reviews our team may hide', () => {
  const family = {
    at: '2026-01-01T00:00:00.000Z',
    by: 'customer' as const,
    scores: { feedback: 5, communication: 5, onTime: 5 },
    text: '',
  };
  it('only a published review on the site', () => {
    expect(isShownReview({ family, publishedAt: '2026-01-02T00:00:00.000Z', hidden: null })).toBe(true);
    expect(isShownReview({ family, publishedAt: null, hidden: null })).toBe(false);
    expect(isShownReview({ family: null, publishedAt: null, hidden: null })).toBe(false);
    expect(
      isShownReview({
        family,
        publishedAt: '2026-01-02T00:00:00.000Z',
        hidden: { at: '2026-01-03T00:00:00.000Z', reason: 'x' },
      }),
    ).toBe(false);
  });
});
