import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Run } from './CommentNotes';

/** Lines of text a draft's scroll box shows at once: its 32rem, less its padding, at 24 px a line. */
export const FIRST_SCREEN_LINES = 20;

/** Characters of the essay's text on one line of a 390 px phone. */
const LINE_CHARS = 40;

/** Lines a comment's card takes under its passage on a phone: quote, comment, mark or button. */
const NOTE_LINES = 5;

/** About how many lines a run takes on a phone: its text's `chars`, then its `notes` comments under it. */
export const phoneLines = (chars: number, notes: number) => Math.ceil(chars / LINE_CHARS) + notes * NOTE_LINES;

/** How many of these runs fill the first screen (at least one), each run's height told by `lines`. */
export function firstScreenRuns<B>(found: Run<B>[], lines: (run: Run<B>) => number): number {
  let total = 0;
  let count = 0;
  for (; count < found.length && total < FIRST_SCREEN_LINES; count += 1) total += lines(found[count]);
  return Math.max(1, count);
}

/**
 * How many of a draft view's runs (`runs` of its blocks) to render: those filling its first screen
 * at once, then one more after each frame is drawn. A long draft with many comments is on screen as
 * fast as its first screen, and no step of the rest holds the page up. Lines are counted as a phone
 * shows them; a wider screen fits more on a line and sets comments beside the text, so there a first
 * frame may fall short of the screen by what the next frame adds. A view made ready out of sight
 * (not `onScreen`) holds its first screen until shown. `showAll` renders every run at once, for a
 * step that must reach any of them (going to a comment).
 */
export function useRunsShown<B>(found: Run<B>[], lines: (run: Run<B>) => number, onScreen = true) {
  const total = found.length;
  const [shown, setShown] = useState(() => firstScreenRuns(found, lines));
  useEffect(() => {
    if (!onScreen || shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame is drawn: a timer set in a frame callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown((n) => n + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total, onScreen]);
  return {
    shown: Math.min(shown, total),
    all: shown >= total,
    showAll: () => flushSync(() => setShown(total)),
  };
}
