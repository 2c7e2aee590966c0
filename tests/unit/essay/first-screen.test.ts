/** How much of a draft view is drawn in its first frame: the runs that fill a phone's first screen. */
import { describe, expect, it } from 'vitest';
import type { EssayBlock } from '../../../src/lib/essay';
import { runs, type Run } from '../../../src/islands/shared/projects/essay/CommentNotes';
import {
  FIRST_SCREEN_LINES,
  firstScreenRuns,
  phoneLines,
} from '../../../src/islands/shared/projects/essay/useRunsShown';

/** A block of `lines` phone lines of text. */
const text = (lines: number) => 'x'.repeat(lines * 40);
const p = (lines: number): EssayBlock => ({ kind: 'p', text: text(lines) });
const li = (lines: number): EssayBlock => ({ kind: 'li', text: text(lines) });
const linesOf = (run: Run<EssayBlock>) =>
  phoneLines(
    run.items.reduce((n, [, b]) => n + b.text.length, 0),
    0,
  );

describe('phoneLines', () => {
  it('counts a run’s text in whole lines and its comments under it', () => {
    expect(phoneLines(0, 0)).toBe(0);
    expect(phoneLines(1, 0)).toBe(1);
    expect(phoneLines(41, 0)).toBe(2);
    expect(phoneLines(40, 2)).toBeGreaterThan(phoneLines(40, 1));
  });
});

describe('firstScreenRuns', () => {
  it('takes runs until the first screen is full', () => {
    const third = FIRST_SCREEN_LINES / 4;
    expect(firstScreenRuns(runs([p(third), p(third), p(third), p(third), p(third)]), linesOf)).toBe(4);
    expect(firstScreenRuns(runs([p(third), p(third), p(third + 1), p(third + 1), p(third)]), linesOf)).toBe(4);
  });

  it('counts the comments under a run: a paragraph with enough of them fills the screen alone', () => {
    const blocks = runs([p(5), p(5), p(5)]);
    expect(firstScreenRuns(blocks, linesOf)).toBe(3);
    expect(firstScreenRuns(blocks, (run) => phoneLines(200, run.items[0][0] === 0 ? 3 : 0))).toBe(1);
  });

  it('always takes the first run, however long, and a list whole', () => {
    expect(firstScreenRuns(runs([p(FIRST_SCREEN_LINES * 5), p(1)]), linesOf)).toBe(1);
    expect(firstScreenRuns(runs([li(FIRST_SCREEN_LINES), li(FIRST_SCREEN_LINES), p(1)]), linesOf)).toBe(1);
  });

  it('takes every run of a short draft, and one of an empty one', () => {
    expect(firstScreenRuns(runs([p(1), p(1)]), linesOf)).toBe(2);
    expect(firstScreenRuns(runs([]), linesOf)).toBe(1);
  });
});
