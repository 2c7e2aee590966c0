/** What the page says about closing an account, before and after, as its preview says what closing does. */
import { describe, expect, it } from 'vitest';
import {
  closeAccountMessages as m,
  closeAccountTexts,
  closedMessage,
  whatClosingDoes,
  type ClosurePreview,
} from '../../src/lib/privacy';

const preview = (ownProjects: number, sharedProjects: number): ClosurePreview => ({
  endings: [],
  ownProjects,
  sharedProjects,
});

describe('closing an account, in words', () => {
  it('tells a family that accounting keeps its orders', () => {
    expect(closedMessage(preview(2, 0))).toBe(m.closed);
    expect(closedMessage(preview(1, 1))).toBe(m.closed);
    expect(closedMessage(preview(0, 0))).toBe(m.closed);
  });

  it('tells only a student that the drafts they gave stay with the family’s project, not of accounting', () => {
    expect(closedMessage(preview(0, 1))).toBe(m.closedStudent);
    expect(closedMessage(preview(0, 2))).toBe(m.closedStudent);
    expect(m.closedStudent).not.toMatch(/accounting/);
    // The admin's words fit either: what closing keeps was said just before confirming.
    expect(m.closedByAdmin).not.toMatch(/accounting/);
    expect(whatClosingDoes(preview(0, 1), closeAccountTexts.whatHappens)).toEqual([closeAccountTexts.whatHappens[3]]);
  });
});
