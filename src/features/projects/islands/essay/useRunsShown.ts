import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { inRun, type Run } from './CommentNotes';

/** Lines of text a phone's first screen shows of a draft under the round's heading, at 24 px a line. */
export const FIRST_SCREEN_LINES = 20;

/** Characters of the essay's text on one line of a 390 px phone. */
const LINE_CHARS = 40;

/** Lines a comment's card takes under its passage on a phone: quote, comment, mark or button. */
const NOTE_LINES = 5;

/** A run's size as a phone shows it: its text's characters, and the comments under it. */
export type RunSize = { chars: number; notes: number };

/** A run's size from its blocks' characters and the comments found on them (`place` null: not found). */
export const sizeOf = <B>(
  run: Run<B>,
  chars: (block: B) => number,
  found: { place: { block: number } | null }[],
): RunSize => ({
  chars: run.items.reduce((total, [, block]) => total + chars(block), 0),
  notes: found.filter(({ place }) => inRun(run, place)).length,
});

/** Every comment of a run. */
export const ALL_NOTES = Number.POSITIVE_INFINITY;

/** What a draft view draws: its first `runs` runs, the last of them with its first `notes` comments. */
export type Drawn = { runs: number; notes: number };

/**
 * What fills a phone's first screen: runs until their lines reach it, and of the run that reaches
 * it, its text with only the comments that fit under it (at least one run, always with its text).
 */
export function firstScreen<B>(found: Run<B>[], size: (run: Run<B>) => RunSize): Drawn {
  let lines = 0;
  for (let i = 0; i < found.length; i += 1) {
    const { chars, notes } = size(found[i]);
    lines += Math.ceil(chars / LINE_CHARS);
    const fit = Math.max(0, Math.ceil((FIRST_SCREEN_LINES - lines) / NOTE_LINES));
    if (fit < notes) return { runs: i + 1, notes: fit };
    lines += notes * NOTE_LINES;
    if (lines >= FIRST_SCREEN_LINES) return { runs: i + 1, notes: ALL_NOTES };
  }
  return { runs: Math.max(1, found.length), notes: ALL_NOTES };
}

/**
 * How much of a draft view's runs (`runs` of its blocks) to render: what fills its first screen at
 * once, then after each drawn frame the rest of a run's comments or one more run. A long draft with
 * many comments is on screen as fast as its first screen, and no step of the rest holds the page up.
 * Lines are counted as a phone shows them; a wider screen fits more on a line and sets comments
 * beside the text, so there a first frame may fall short of the screen by what the next frame adds.
 * A view made ready out of sight (not `onScreen`) holds its first screen until shown. `notes(i)` is
 * how many of run i's comments to render. `showAll` renders everything at once, for a step that
 * must reach any of it (going to a comment).
 */
export function useRunsShown<B>(found: Run<B>[], size: (run: Run<B>) => RunSize, onScreen = true) {
  const total = found.length;
  const [drawn, setDrawn] = useState(() => firstScreen(found, size));
  const all = drawn.runs >= total && drawn.notes === ALL_NOTES;
  useEffect(() => {
    if (!onScreen || all) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame is drawn: a timer set in a frame callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(
        () =>
          setDrawn(({ runs, notes }) =>
            notes === ALL_NOTES ? { runs: runs + 1, notes: ALL_NOTES } : { runs, notes: ALL_NOTES },
          ),
        0,
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn, all, onScreen]);
  const shown = Math.min(drawn.runs, total);
  return {
    shown,
    notes: (i: number) => (i === shown - 1 ? drawn.notes : ALL_NOTES),
    all,
    showAll: () => flushSync(() => setDrawn({ runs: total, notes: ALL_NOTES })),
  };
}
