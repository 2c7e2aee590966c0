/**
 * A small reader of .rtf drafts that takes their text and nothing else: control words are skipped,
 * \par and \line end a paragraph, \'hh is a Windows-1252 character, \uN a Unicode one (its fallback
 * skipped), and destinations (font tables, pictures, fields' instructions, anything under \*) are
 * left out whole. Groups nested deeper than the limit refuse the file.
 */
import { CONVERSION_LIMITS, conversionMessages } from '../essay-limits';
import type { Conversion } from './conversion';
import { textBlocks } from '../essay-text';
import { readyOrEmpty } from './plain-text';

/** Groups whose text is not the document's. */
const DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'fldinst',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'footnote',
  'themedata',
  'datastore',
  'xmlnstbl',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'filetbl',
  'revtbl',
]);

const TOKEN = /\\([a-z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-f]{2})|\\([^a-z])|([{}])|([^\\{}\r\n]+)|[\r\n]+/giy;
/** Escaped characters: literal braces and backslash, a hard space, and an escaped line break as \par. */
const SYMBOLS: Record<string, string> = { '\\': '\\', '{': '{', '}': '}', '~': ' ', '\n': '\n', '\r': '\n' };
const cp1252 = new TextDecoder('windows-1252');

export function convertRtf(bytes: Uint8Array): Conversion {
  const source = new TextDecoder('latin1').decode(bytes);
  if (!source.startsWith('{\\rtf')) return { status: 'unreadable', blocks: [], reason: conversionMessages.notRtf };
  let out = '';
  /** Per open group: whether its text is skipped, and how many fallback characters follow \uN. */
  const stack: { skip: boolean; uc: number }[] = [];
  let group = { skip: false, uc: 1 };
  let fallback = 0;
  let atGroupStart = false;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match; match = TOKEN.exec(source)) {
    const [, word, param, hex, symbol, brace, text] = match;
    const first = atGroupStart;
    atGroupStart = false;
    if (brace === '{') {
      stack.push(group);
      if (stack.length > CONVERSION_LIMITS.nesting) {
        return { status: 'unreadable', blocks: [], reason: conversionMessages.tooDeep };
      }
      group = { ...group };
      atGroupStart = true;
      fallback = 0;
    } else if (brace === '}') {
      group = stack.pop() ?? group;
      fallback = 0;
    } else if (symbol === '*') {
      if (first) group.skip = true;
    } else if (word) {
      if (first && DESTINATIONS.has(word)) group.skip = true;
      else if (word === 'uc') group.uc = Number(param ?? 1);
      else if (group.skip) continue;
      else if (word === 'par' || word === 'line' || word === 'sect' || word === 'page') out += '\n';
      else if (word === 'tab') out += ' ';
      else if (word === 'u' && param) {
        out += String.fromCharCode(Number(param) < 0 ? Number(param) + 65536 : Number(param));
        fallback = group.uc;
      }
    } else if (group.skip) {
      continue;
    } else if (fallback > 0 && (hex || text)) {
      // The characters after \uN stand in for it in readers without Unicode: one per count.
      if (hex) fallback--;
      else {
        const rest = text!.slice(fallback);
        fallback = Math.max(0, fallback - text!.length);
        out += rest;
      }
    } else if (hex) out += cp1252.decode(new Uint8Array([parseInt(hex, 16)]));
    else if (symbol) out += SYMBOLS[symbol] ?? '';
    else if (text) out += text;
  }
  return readyOrEmpty(textBlocks(out.toWellFormed()));
}
