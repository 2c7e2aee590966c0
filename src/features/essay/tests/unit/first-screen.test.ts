/** How much of a draft view is drawn in its first frame: what fills a phone's first screen. */
import { describe, expect, it } from 'vitest';
import type { EssayBlock } from '../../essay';
import { runs } from '../../../projects/islands/essay/CommentNotes';
import { ALL_NOTES, FIRST_SCREEN_LINES, firstScreen } from '#features/projects/islands/essay/useRunsShown';

/** A paragraph of `lines` lines of a phone's text, and how many comments are under it. */
const p = (lines: number, notes = 0): EssayBlock & { notes: number } => ({
  kind: 'p',
  text: 'x'.repeat(lines * 40),
  notes,
});
const li = (lines: number) => ({ ...p(lines), kind: 'li' as const });
const first = (blocks: (EssayBlock & { notes: number })[]) =>
  firstScreen(runs(blocks), (run) => ({
    chars: run.items.reduce((n, [, b]) => n + b.text.length, 0),
    notes: run.items.reduce((n, [, b]) => n + b.notes, 0),
  }));

describe('firstScreen', () => {
  it('takes runs until their lines fill the screen', () => {
    const quarter = FIRST_SCREEN_LINES / 4;
    expect(first([p(quarter), p(quarter), p(quarter), p(quarter), p(quarter)])).toEqual({ runs: 4, notes: ALL_NOTES });
    expect(first([p(quarter), p(quarter), p(quarter + 1), p(quarter + 1), p(quarter)])).toEqual({
      runs: 4,
      notes: ALL_NOTES,
    });
  });

  it('counts the comments under a run, and draws only those of the last run that fit', () => {
    expect(first([p(2, 1), p(2, 1), p(2, 1), p(2, 1)])).toEqual({ runs: 3, notes: ALL_NOTES });
    const filling = first([p(FIRST_SCREEN_LINES - 6, 5), p(1)]);
    expect(filling.runs).toBe(1);
    expect(filling.notes).toBeGreaterThanOrEqual(1);
    expect(filling.notes).toBeLessThan(5);
  });

  it('draws a run’s text even when it fills the screen alone, and none of its comments', () => {
    expect(first([p(FIRST_SCREEN_LINES * 5, 3), p(1)])).toEqual({ runs: 1, notes: 0 });
    expect(first([p(FIRST_SCREEN_LINES * 5), p(1)])).toEqual({ runs: 1, notes: ALL_NOTES });
  });

  it('takes a list whole', () => {
    expect(first([li(FIRST_SCREEN_LINES), li(FIRST_SCREEN_LINES), p(1)])).toEqual({ runs: 1, notes: ALL_NOTES });
  });

  it('takes every run of a short draft, and one of an empty one', () => {
    expect(first([p(1), p(1, 1)])).toEqual({ runs: 2, notes: ALL_NOTES });
    expect(first([])).toEqual({ runs: 1, notes: ALL_NOTES });
  });
});
