import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Run } from './CommentNotes';

/** About a phone screen of an essay's text (13 lines of 45 characters): what a draft view's first frame holds. */
export const FIRST_SCREEN_CHARS = 600;

/** How many of these runs hold the first screen's text (at least one), a block's length told by `chars`. */
export function firstScreenRuns<B>(found: Run<B>[], chars: (block: B) => number): number {
  let total = 0;
  let count = 0;
  for (; count < found.length && total < FIRST_SCREEN_CHARS; count += 1)
    for (const [, block] of found[count].items) total += chars(block);
  return Math.max(1, count);
}

/**
 * How many of a draft view's runs (`runs` of its blocks) to render: those holding the first
 * screen's text at once, then one more after each frame is drawn. A long draft with many comments
 * is on screen as fast as its first screen, and no step of the rest holds the page up. `showAll`
 * renders every run at once, for a step that must reach any of them (going to a comment).
 */
export function useRunsShown<B>(found: Run<B>[], chars: (block: B) => number) {
  const total = found.length;
  const [shown, setShown] = useState(() => firstScreenRuns(found, chars));
  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame is drawn: a timer set in a frame callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown((n) => n + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total]);
  return {
    shown: Math.min(shown, total),
    all: shown >= total,
    showAll: () => flushSync(() => setShown(total)),
  };
}
