/**
 * Plain text as blocks: a pasted draft or a .txt file. A blank line ends a paragraph; so does a
 * single line break, because pasted essays mostly use one per paragraph.
 */
import type { EssayBlock } from '../essay';
import { CONVERSION_LIMITS, conversionMessages } from '../essay-limits';
import type { Conversion } from './conversion';

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

/** A .txt file: UTF-8 (a byte-order mark allowed), never binary. */
export function convertTxt(bytes: Uint8Array): Conversion {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 'unreadable', blocks: [], reason: conversionMessages.notText };
  }
  // eslint-disable-next-line no-control-regex -- control characters mark a binary file
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) {
    return { status: 'unreadable', blocks: [], reason: conversionMessages.notText };
  }
  return readyOrEmpty(textBlocks(text));
}

export const readyOrEmpty = (blocks: EssayBlock[]): Conversion =>
  blocks.length > 0
    ? { status: 'ready', blocks }
    : { status: 'unreadable', blocks: [], reason: conversionMessages.empty };
