/** A .txt file as blocks (essay-text.ts), and a conversion that found no text. */
import type { EssayBlock } from '../essay';
import { conversionMessages } from '../essay-limits';
import { textBlocks } from '../essay-text';
import type { Conversion } from './conversion';

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
