/**
 * Plain text as a draft's blocks: a pasted draft, a .txt file or an editor's sample. A blank line ends
 * a paragraph; so does a single line break, because pasted essays mostly use one per paragraph.
 */
import type { EssayBlock } from './essay';
import { CONVERSION_LIMITS } from './essay-limits';

/** Tidies one block's text: spaces collapsed, control characters gone, cut to the limit. */
const cleanText = (text: string) =>
  [
    ...text
      // eslint-disable-next-line no-control-regex -- control characters are what is taken out
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, CONVERSION_LIMITS.blockChars)
    .join('');

/** Non-empty blocks, at most the limit of them. */
export function keptBlocks(blocks: EssayBlock[]): EssayBlock[] {
  return blocks
    .map((block) => ({ kind: block.kind, text: cleanText(block.text) }))
    .filter((block) => block.text !== '')
    .slice(0, CONVERSION_LIMITS.blocks);
}

export const textBlocks = (text: string): EssayBlock[] =>
  keptBlocks(text.split(/\r\n|\r|\n|\f/).map((line) => ({ kind: 'p', text: line })));
