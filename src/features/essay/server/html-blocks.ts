/**
 * Mammoth's HTML as plain blocks, by a strict tiny reader that keeps only text: paragraphs,
 * headings and list items start blocks; every other tag is dropped with its attributes; entities
 * are decoded to characters. What looks like markup in the document was escaped by mammoth, so it
 * comes out here as the text it is and never reaches a page as markup.
 */
import type { EssayBlock } from '../essay';

const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>|([^<]+)|</giy;
const KIND: Record<string, EssayBlock['kind']> = {
  p: 'p',
  h1: 'h',
  h2: 'h',
  h3: 'h',
  h4: 'h',
  h5: 'h',
  h6: 'h',
  li: 'li',
};
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(ENTITY, (entity, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()];
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

export function htmlBlocks(html: string): EssayBlock[] {
  const blocks: EssayBlock[] = [];
  /** The blocks open around the text read now; text goes to the innermost. */
  const open: EssayBlock[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const [whole, closing, name, text] = match;
    const kind = name ? KIND[name.toLowerCase()] : undefined;
    if (kind && !closing) {
      // A list item holding a paragraph or a nested list: the outer item's text so far is its own block.
      const block = { kind, text: '' };
      open.push(block);
      blocks.push(block);
    } else if (kind && closing) open.pop();
    else if (open.length > 0 && name?.toLowerCase() === 'br') open.at(-1)!.text += ' ';
    else if (open.length > 0 && !name) open.at(-1)!.text += decode(text ?? whole);
  }
  return blocks;
}
