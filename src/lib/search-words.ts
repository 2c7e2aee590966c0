/**
 * The words a record is found by, as blob keys can hold them: each run of letters and digits of its
 * searchable fields (accents dropped, lower case; of an address, of the part before its @), and each
 * field without a space as a whole (an e-mail address, an id). A letter outside a-z (a name in another script) is written as its code
 * point, so every word is plain ASCII and a word's prefix is a key's prefix.
 */

/** Longer words are cut: a search by a word's first 40 characters still finds it. */
const MAX_WORD = 40;
/** Words every order has (the ids' prefix) find nothing in particular: not kept, not asked for. */
const COMMON = new Set(['bcc']);

const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\x21-\x7e]|[/?#\\%]/gu, (ch) => (/\s/u.test(ch) ? ' ' : `_${ch.codePointAt(0)!.toString(16)}_`));

/** The words of `fields`, each once. */
export function searchWords(fields: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const field of fields) {
    if (typeof field !== 'string') continue;
    const text = plain(field.trim());
    if (text === '') continue;
    if (!/\s/.test(text)) words.add(text.slice(0, MAX_WORD));
    // An address is found from its start, or by a word of its name part: its domain is everyone's.
    const named = text.includes('@') ? text.slice(0, text.indexOf('@')) : text;
    for (const run of named.match(/[a-z0-9]+|_[0-9a-f]+_/g) ?? [])
      if (!COMMON.has(run)) words.add(run.slice(0, MAX_WORD));
  }
  // A word of dots and signs alone finds nothing in particular, and '..' is no key.
  return [...words].filter((word) => /[a-z0-9]/.test(word));
}

/** The words of a query, each a prefix of the words it finds: a word of it, or the whole query. */
export const queryWords = (q: string) => searchWords([q]).filter((word) => word.length > 0);
