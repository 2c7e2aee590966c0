import { describe, expect, it } from 'vitest';
import { queryWords, searchWords } from '../../src/lib/search-words';
import { checkKey } from '../../netlify/server/storage/keys';

describe('the words an order is found by', () => {
  it('are the runs of letters and digits, lower case, accents dropped, and each field without a space whole', () => {
    expect(searchWords(['BCC-7KQ2XM', 'José Álvarez-Núñez', null, 'ada.okonkwo+essays@Example.com'])).toEqual([
      'bcc-7kq2xm',
      '7kq2xm',
      'jose',
      'alvarez',
      'nunez',
      'ada.okonkwo+essays@example.com',
      'ada',
      'okonkwo',
      'essays',
    ]);
  });

  it("leave out an address's domain and the ids' common prefix, which every order has", () => {
    expect(searchWords(['pat@gmail.com'])).not.toContain('gmail');
    expect(queryWords('BCC-7KQ2XM')).toEqual(['bcc-7kq2xm', '7kq2xm']);
  });

  it('write another script as code points, and never a character a key may not hold', () => {
    const words = searchWords(['王小明', 'a/b?c#d\\e%f']);
    expect(words).toContain('_738b_');
    for (const word of words) expect(() => checkKey(`words/${word}/BCC-7KQ2XM`)).not.toThrow();
    expect(words.every((word) => !/[/?#\\%]/.test(word))).toBe(true);
  });

  it('of a query are its words, and the whole query when it has no space', () => {
    expect(queryWords('  Parent 7 ')).toEqual(['parent', '7']);
    expect(queryWords('ada.oko')).toEqual(['ada.oko', 'ada', 'oko']);
  });
});
