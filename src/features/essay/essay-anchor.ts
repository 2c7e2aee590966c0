/**
 * Anchoring a comment to a passage of a draft. An anchor keeps the block and character range it
 * was made on, plus the quoted words and a little text either side: the range finds the passage
 * again in the same draft at any screen width; the quote and its context find it in a later
 * round's draft, where the writer has moved or rewritten text around it.
 */
import type { CommentAnchor, EssayBlock } from './essay';

/** Characters of context kept either side of a quote. */
export const ANCHOR_CONTEXT = 30;

/** Where an anchor's passage is in a draft: one block's character range. */
export type Located = { block: number; start: number; end: number };

/**
 * The anchor of characters `start` to `end` of block `block`, or null when that is no passage of
 * these blocks (out of range, or only spaces): a selection is checked here, not trusted.
 */
export function anchorOf(blocks: EssayBlock[], block: number, start: number, end: number): CommentAnchor | null {
  const text = blocks[block]?.text;
  if (text === undefined || !Number.isInteger(start) || !Number.isInteger(end)) return null;
  if (start < 0 || end > text.length || start >= end) return null;
  const quote = text.slice(start, end);
  if (quote.trim() === '') return null;
  return {
    block,
    start,
    end,
    quote,
    prefix: text.slice(Math.max(0, start - ANCHOR_CONTEXT), start),
    suffix: text.slice(end, end + ANCHOR_CONTEXT),
  };
}

/** Whether an anchor, as sent by a browser, describes these blocks exactly. */
export function anchorFits(blocks: EssayBlock[], anchor: CommentAnchor): boolean {
  const made = anchorOf(blocks, anchor.block, anchor.start, anchor.end);
  return made !== null && made.quote === anchor.quote && made.prefix === anchor.prefix && made.suffix === anchor.suffix;
}

/** Every place the quote occurs, block by block. */
function occurrences(blocks: EssayBlock[], quote: string): Located[] {
  const found: Located[] = [];
  blocks.forEach(({ text }, block) => {
    for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
      found.push({ block, start: at, end: at + quote.length });
    }
  });
  return found;
}

/**
 * The anchor's passage in these blocks: the exact place if the quote is still there; else the
 * quote with its context, nearest the block it was on; else the quote alone if it occurs once;
 * else null, which the page shows as a comment 'on text since removed'.
 */
export function locate(blocks: EssayBlock[], anchor: CommentAnchor): Located | null {
  const { block, start, end, quote, prefix, suffix } = anchor;
  if (quote === '') return null;
  if (blocks[block]?.text.slice(start, end) === quote) return { block, start, end };
  const found = occurrences(blocks, quote);
  const inContext = found.filter(({ block: b, start: s, end: e }) => {
    const text = blocks[b].text;
    return text.slice(0, s).endsWith(prefix) && text.slice(e).startsWith(suffix);
  });
  if (inContext.length > 0) {
    return inContext.reduce((best, place) =>
      Math.abs(place.block - block) < Math.abs(best.block - block) ? place : best,
    );
  }
  return found.length === 1 ? found[0] : null;
}

/**
 * Each comment's number, the same in every view: its place in reading order in the draft it was made
 * on (`blocks`); a comment whose words are gone from it comes last, in the order made.
 */
export function commentNumbers(
  comments: readonly { id: string; anchor: CommentAnchor }[],
  blocks: EssayBlock[],
): Map<string, number> {
  const placed = comments.map((comment, made) => ({ id: comment.id, made, place: locate(blocks, comment.anchor) }));
  placed.sort(
    (a, b) =>
      (a.place?.block ?? Infinity) - (b.place?.block ?? Infinity) ||
      (a.place?.start ?? 0) - (b.place?.start ?? 0) ||
      a.made - b.made,
  );
  return new Map(placed.map(({ id }, i) => [id, i + 1]));
}
