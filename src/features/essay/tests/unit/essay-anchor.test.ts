/** Comments find their passage again: in the same draft by place, in a later draft by quote and context. */
import { describe, expect, it } from 'vitest';
import type { EssayBlock } from '../../essay';
import { ANCHOR_CONTEXT, anchorFits, anchorOf, commentNumbers, locate } from '../../essay-anchor';

const p = (text: string): EssayBlock => ({ kind: 'p', text });
const draft = [
  p('My grandmother kept bees on the roof of our building in Queens.'),
  p('Every summer I helped her lift the frames, and every summer I was stung.'),
  p('I was stung, and I kept going back.'),
];

describe('anchorOf', () => {
  it('keeps the quote and up to 30 characters of context either side', () => {
    const start = draft[1].text.indexOf('lift the frames');
    const anchor = anchorOf(draft, 1, start, start + 'lift the frames'.length);
    expect(anchor).toEqual({
      block: 1,
      start,
      end: start + 15,
      quote: 'lift the frames',
      prefix: 'Every summer I helped her ',
      suffix: ', and every summer I was stung',
    });
    expect(anchor!.suffix).toHaveLength(ANCHOR_CONTEXT);
  });

  it('cuts the context at the ends of the block', () => {
    const anchor = anchorOf(draft, 0, 0, 2);
    expect(anchor).toMatchObject({ quote: 'My', prefix: '' });
    expect(anchor!.suffix).toBe(draft[0].text.slice(2, 32));
  });

  it.each([
    [5, 0, 2],
    [-1, 0, 2],
    [0, -1, 2],
    [0, 4, 4],
    [0, 5, 3],
    [0, 0, 999],
    [0, 0.5, 3],
    [0, 2, 3],
  ])('refuses block %d, characters %d to %d', (block, start, end) => {
    expect(anchorOf(draft, block, start, end)).toBeNull();
  });

  it('tells a browser-made anchor that matches the draft from one that does not', () => {
    const anchor = anchorOf(draft, 2, 0, 11)!;
    expect(anchorFits(draft, anchor)).toBe(true);
    expect(anchorFits(draft, { ...anchor, quote: 'I was bored' })).toBe(false);
    expect(anchorFits(draft, { ...anchor, prefix: 'x' })).toBe(false);
    expect(anchorFits(draft, { ...anchor, block: 9 })).toBe(false);
  });
});

describe('locate', () => {
  const stung = anchorOf(draft, 1, draft[1].text.indexOf('I was stung'), draft[1].text.indexOf('I was stung') + 11)!;

  it('finds the exact place in the same draft', () => {
    expect(locate(draft, stung)).toEqual({ block: 1, start: stung.start, end: stung.end });
  });

  it('finds the quote with its context when the text around it moved', () => {
    const next = [
      p('A new opening paragraph.'),
      p('Every summer I helped her lift the frames, and every summer I was stung.'),
      draft[2],
    ];
    next[1] = p('Each year, ' + next[1].text);
    const found = locate(next, stung);
    expect(found).toEqual({
      block: 1,
      start: next[1].text.indexOf('I was stung'),
      end: next[1].text.indexOf('I was stung') + 11,
    });
  });

  it('prefers the quote in context over a bare repeat of it', () => {
    const next = [p('I was stung, and I kept going back.'), p('Intro. ' + draft[1].text)];
    expect(locate(next, stung)).toEqual({
      block: 1,
      start: next[1].text.indexOf('I was stung'),
      end: next[1].text.length - 1,
    });
  });

  it('falls back to the quote alone when it occurs once', () => {
    const frames = anchorOf(draft, 1, 26, 41)!;
    const next = [p('We lift the frames together now.')];
    expect(locate(next, frames)).toEqual({ block: 0, start: 3, end: 18 });
  });

  it('gives up when the quote is gone or is repeated without its context', () => {
    expect(locate([p('Bees, roofs and Queens.')], stung)).toBeNull();
    expect(locate([p('I was stung once.'), p('Then I was stung twice.')], stung)).toBeNull();
    expect(locate([], stung)).toBeNull();
  });
});

describe('commentNumbers', () => {
  const blocks: EssayBlock[] = [
    { kind: 'p', text: 'The first time I held a pipette, my hands shook.' },
    { kind: 'p', text: 'I wrote down every step.' },
  ];
  const comment = (id: string, quote: string, block: number) => {
    const start = blocks[block].text.indexOf(quote);
    return { id, anchor: anchorOf(blocks, block, start, start + quote.length)! };
  };

  it('numbers comments by where they stand in the draft they were made on, whatever order they were made in', () => {
    const made = [comment('c1', 'every step', 1), comment('c2', 'pipette', 0), comment('c3', 'first time', 0)];
    expect(commentNumbers(made, blocks)).toEqual(
      new Map([
        ['c3', 1],
        ['c2', 2],
        ['c1', 3],
      ]),
    );
    // The same numbers however the list is ordered when another view reads it.
    expect(commentNumbers([...made].reverse(), blocks)).toEqual(commentNumbers(made, blocks));
  });

  it('puts a comment whose words are gone from that draft last, in the order made', () => {
    const gone = { id: 'g', anchor: { ...comment('x', 'pipette', 0).anchor, quote: 'beaker' } };
    expect(commentNumbers([gone, comment('c1', 'every step', 1)], blocks)).toEqual(
      new Map([
        ['c1', 1],
        ['g', 2],
      ]),
    );
  });
});
