import { describe, expect, it } from 'vitest';
import { wordCountLabel } from '../../essay-limits';
import { countWords } from '#lib/words';

describe('counting words', () => {
  it('counts nothing in empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });

  it('counts a contraction, a hyphenated compound and an initialism as one word', () => {
    expect(countWords("I don't know")).toBe(3);
    expect(countWords('It’s a well-known, ten-year-old story')).toBe(5);
    expect(countWords('She moved to the U.S. in May')).toBe(7);
  });

  it('counts a number as one word, with its decimal point or thousands separator', () => {
    expect(countWords('I ran 3.5 miles, then 1,000 more in 2024')).toBe(9);
  });

  it('counts no word for punctuation standing alone', () => {
    expect(countWords('Then — suddenly — silence ... & more')).toBe(4);
    expect(countWords('"Quoted," she said.')).toBe(3);
  });

  it('counts accented and non-Latin words written with spaces as words', () => {
    expect(countWords('naïve café über')).toBe(3);
    expect(countWords('Привет мир')).toBe(2);
    expect(countWords('안녕하세요 세계')).toBe(2);
    expect(countWords('مرحبا بالعالم')).toBe(2);
  });

  it('counts each Chinese or Japanese character as one word', () => {
    expect(countWords('我爱读书')).toBe(4);
    expect(countWords('ひらがな')).toBe(4);
    expect(countWords('I read 我爱 books')).toBe(5);
  });
});

describe('the count against the limit', () => {
  it('reads as words of the limit, and says how far over in words', () => {
    expect(wordCountLabel(612, 650)).toEqual({ text: '612 / 650 words', over: false });
    expect(wordCountLabel(650, 650)).toEqual({ text: '650 / 650 words', over: false });
    expect(wordCountLabel(700, 650)).toEqual({ text: '700 / 650 words — 50 over the limit', over: true });
    expect(wordCountLabel(1, null)).toEqual({ text: '1 word', over: false });
    expect(wordCountLabel(1200, null)).toEqual({ text: '1,200 words', over: false });
  });
});
