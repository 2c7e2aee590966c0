/** How much of a draft view is drawn in its first frame: the runs that hold the first screen's text. */
import { describe, expect, it } from 'vitest';
import type { EssayBlock } from '../../../src/lib/essay';
import { runs } from '../../../src/islands/shared/projects/essay/CommentNotes';
import { FIRST_SCREEN_CHARS, firstScreenRuns } from '../../../src/islands/shared/projects/essay/useRunsShown';

const p = (chars: number): EssayBlock => ({ kind: 'p', text: 'x'.repeat(chars) });
const li = (chars: number): EssayBlock => ({ kind: 'li', text: 'x'.repeat(chars) });
const length = (block: EssayBlock) => block.text.length;

describe('firstScreenRuns', () => {
  it('takes runs until the first screen’s text is in', () => {
    const third = FIRST_SCREEN_CHARS / 3;
    expect(firstScreenRuns(runs([p(third), p(third), p(third), p(third), p(third)]), length)).toBe(3);
    expect(firstScreenRuns(runs([p(third), p(third), p(third + 1), p(third)]), length)).toBe(3);
  });

  it('always takes the first run, however long, and a list whole', () => {
    expect(firstScreenRuns(runs([p(FIRST_SCREEN_CHARS * 5), p(10)]), length)).toBe(1);
    expect(firstScreenRuns(runs([li(FIRST_SCREEN_CHARS), li(FIRST_SCREEN_CHARS), p(10)]), length)).toBe(1);
  });

  it('takes every run of a short draft, and one of an empty one', () => {
    expect(firstScreenRuns(runs([p(10), p(10)]), length)).toBe(2);
    expect(firstScreenRuns(runs([]), length)).toBe(1);
  });
});
