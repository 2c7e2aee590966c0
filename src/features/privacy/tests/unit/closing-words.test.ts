/** What the page says about closing an account, before and after, as its preview says what closing does. */
import { describe, expect, it } from 'vitest';
import {
  adminCloseTexts,
  closeAccountMessages as m,
  closeAccountTexts,
  closedMessage,
  REVIEW_CHOICES,
  reviewChoiceTexts,
  whatClosingDoes,
  type ClosurePreview,
} from '../../privacy';

const preview = (ownProjects: number, sharedProjects: number, publishedReviews = 0): ClosurePreview => ({
  endings: [],
  ownProjects,
  sharedProjects,
  publishedReviews,
});

describe('closing an account, in words', () => {
  it('tells a family that accounting keeps its orders', () => {
    expect(closedMessage(preview(2, 0), 'scores')).toBe(m.closed);
    expect(closedMessage(preview(1, 1), 'scores')).toBe(m.closed);
    expect(closedMessage(preview(0, 0), 'scores')).toBe(m.closed);
  });

  it('confirms what became of the published reviews, as the family chose', () => {
    for (const choice of REVIEW_CHOICES)
      expect(closedMessage(preview(1, 0, 1), choice)).toBe(`${m.closed} ${reviewChoiceTexts.done[choice]}`);
    expect(reviewChoiceTexts.legend(1)).toMatch(/review,/);
    expect(reviewChoiceTexts.legend(2)).toMatch(/^Your 2 published reviews/);
  });

  it('tells only a student that the drafts they gave stay with the family’s project, not of accounting', () => {
    expect(closedMessage(preview(0, 1), 'scores')).toBe(m.closedStudent);
    expect(closedMessage(preview(0, 2), 'scores')).toBe(m.closedStudent);
    expect(m.closedStudent).not.toMatch(/accounting/);
    // The admin's words fit either: what closing keeps was said just before confirming.
    expect(m.closedByAdmin).not.toMatch(/accounting/);
    expect(whatClosingDoes(preview(0, 1), closeAccountTexts)).toEqual(['You can no longer sign in.']);
    expect(whatClosingDoes(preview(0, 1), adminCloseTexts)).toEqual([]);
    expect(whatClosingDoes(preview(1, 0), closeAccountTexts)).toEqual(closeAccountTexts.whatHappens);
  });
});
