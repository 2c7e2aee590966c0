/**
 * Words as people and colleges count them. A word is a run of letters, digits and the marks that
 * join them: a contraction (don't), a hyphenated compound (well-known), a number (3.5, 1,000) or an
 * initialism (U.S.) is one word; punctuation standing alone (—, &, ...) is none. Chinese and
 * Japanese, written without spaces, count one word per character, as word processors do; Korean is
 * written with spaces and counts like English.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Letters, marks and digits, joined by an apostrophe, hyphen, period, comma or colon between them. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’\-‐.,:][\p{L}\p{M}\p{N}]+)*/gu;

export const countWords = (text: string): number => {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return cjk + rest;
};
