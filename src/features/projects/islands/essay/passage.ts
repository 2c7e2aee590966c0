/**
 * Choosing a passage of a draft in the page: from the browser's selection (mouse or touch) or word by
 * word with the keyboard. Either way the result is one block's character range, trimmed of spaces;
 * a selection running into the next block stops at the end of the first.
 */
import type { EssayBlock } from '#features/essay/essay';
import type { Located } from '#features/essay/essay-anchor';

/** Characters of the block element's text before `node`'s `offset`, comment marks included. */
function offsetIn(block: Element, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(block, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

const blockOf = (node: Node) =>
  (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>('[data-block]') ?? null;

/** A range without the spaces at either end; null when nothing but spaces is left. */
function trimmed(blocks: EssayBlock[], { block, start, end }: Located): Located | null {
  const text = blocks[block]?.text ?? '';
  while (start < end && /\s/.test(text[start])) start += 1;
  while (end > start && /\s/.test(text[end - 1])) end -= 1;
  return end > start ? { block, start, end } : null;
}

/** The passage the browser's selection covers inside `region`, or null. */
export function selectedPassage(region: HTMLElement, blocks: EssayBlock[]): Located | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const first = blockOf(range.startContainer);
  if (!first || !region.contains(first)) return null;
  const block = Number(first.dataset.block);
  const start = offsetIn(first, range.startContainer, range.startOffset);
  const end =
    blockOf(range.endContainer) === first
      ? offsetIn(first, range.endContainer, range.endOffset)
      : (first.textContent ?? '').length;
  return trimmed(blocks, { block, start, end: Math.min(end, blocks[block]?.text.length ?? 0) });
}

/** The words of a block, as character ranges. */
const wordsOf = (text: string) => [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length]);

/** The keyboard's choice: a block, the word it started on and the word it reaches now. */
export type WordCursor = { block: number; from: number; to: number };

/** The block range a cursor covers. */
export function cursorPassage(blocks: EssayBlock[], { block, from, to }: WordCursor): Located | null {
  const words = wordsOf(blocks[block]?.text ?? '');
  const [a, b] = [Math.min(from, to), Math.max(from, to)];
  if (!words[a] || !words[b]) return null;
  return { block, start: words[a][0], end: words[b][1] };
}

/** Blocks with at least one word, the only ones a cursor stops on. */
const worded = (blocks: EssayBlock[]) => blocks.flatMap((b, i) => (/\S/.test(b.text) ? [i] : []));

/**
 * Where a key moves the cursor: Left and Right a word (into the next block at either end), with
 * Shift extending the choice within its block; Up and Down the first word of another block. Null
 * for any other key.
 */
export function moveCursor(
  blocks: EssayBlock[],
  cursor: WordCursor | null,
  key: string,
  shift: boolean,
): WordCursor | null {
  const stops = worded(blocks);
  if (stops.length === 0 || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(key)) return null;
  if (!cursor) return { block: stops[0], from: 0, to: 0 };
  const count = wordsOf(blocks[cursor.block].text).length;
  const at = stops.indexOf(cursor.block);
  const other = (step: number) => stops[Math.min(stops.length - 1, Math.max(0, at + step))];
  const forward = key === 'ArrowRight' || key === 'ArrowDown';
  if (key === 'ArrowUp' || key === 'ArrowDown') return { block: other(forward ? 1 : -1), from: 0, to: 0 };
  const to = cursor.to + (forward ? 1 : -1);
  if (shift) return { ...cursor, to: Math.min(count - 1, Math.max(0, to)) };
  if (to >= 0 && to < count) return { block: cursor.block, from: to, to };
  const block = other(forward ? 1 : -1);
  if (block === cursor.block) return { ...cursor, from: cursor.to };
  const last = wordsOf(blocks[block].text).length - 1;
  return forward ? { block, from: 0, to: 0 } : { block, from: last, to: last };
}
