/** The changes since the last round: words marked in the new draft's blocks, and the summary line above them. */
import { describe, expect, it } from 'vitest';
import type { EssayBlock, EssayComment } from '../../essay';
import { changeSummaryLabel, diffDrafts, summariseChanges, type ChangedBlock } from '../../essay-diff';
import { countWords } from '#lib/words';

const p = (text: string): EssayBlock => ({ kind: 'p', text });
const sideText = (changes: ChangedBlock[], drop: 'added' | 'removed') =>
  changes
    .map((block) =>
      block.segments
        .filter((s) => s.kind !== drop)
        .map((s) => s.text)
        .join(''),
    )
    .join('\n');
const comment = (id: string, doneAt: string | null): EssayComment => ({
  id,
  round: 1,
  anchor: { block: 0, start: 0, end: 1, quote: 'x', prefix: '', suffix: '' },
  text: 'Say more.',
  createdAt: '2026-11-20T10:00:00.000Z',
  doneAt,
});

describe('diffDrafts', () => {
  it('marks added and removed words inside the new draft’s blocks', () => {
    const { blocks: changes } = diffDrafts(
      [p('The cat sat.'), p('A dog ran fast.')],
      [{ kind: 'h', text: 'Title' }, p('The cats sat down.'), p('A dog ran.')],
    );
    expect(changes.map((b) => b.kind)).toEqual(['h', 'p', 'p']);
    expect(changes[1].segments).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'cats' },
      { kind: 'same', text: ' sat' },
      { kind: 'added', text: ' down' },
      { kind: 'same', text: '.' },
    ]);
    expect(changes[2].segments).toEqual([
      { kind: 'same', text: 'A dog ran' },
      { kind: 'removed', text: ' fast' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('gives back each side’s text exactly, block by block', () => {
    const before = [p('One two three four.'), p('Five six seven.'), p('Eight nine.')];
    const after = [p('One three four five.'), p('Brand new paragraph here.'), p('Five six seven.'), p('Nine eight.')];
    const { blocks: changes } = diffDrafts(before, after);
    expect(changes).toHaveLength(after.length);
    expect(sideText(changes, 'removed')).toBe(after.map((b) => b.text).join('\n'));
    expect(sideText(changes, 'added').replace(/\s+/g, ' ')).toBe(before.map((b) => b.text).join(' '));
  });

  it('pairs unchanged paragraphs first: a paragraph removed or added reads as that paragraph alone', () => {
    expect(diffDrafts([p('A b.'), p('X y.'), p('B c.')], [p('A b.'), p('B c.')]).blocks).toEqual([
      { kind: 'p', segments: [{ kind: 'same', text: 'A b.' }] },
      {
        kind: 'p',
        segments: [
          { kind: 'removed', text: 'X y. ' },
          { kind: 'same', text: 'B c.' },
        ],
      },
    ]);
    expect(diffDrafts([p('A b.'), p('B c.')], [p('A b.')]).blocks).toEqual([
      {
        kind: 'p',
        segments: [
          { kind: 'same', text: 'A b.' },
          { kind: 'removed', text: ' B c.' },
        ],
      },
    ]);
    expect(diffDrafts([p('A b.')], [p('A b.'), p('B c.')])).toEqual({
      blocks: [
        { kind: 'p', segments: [{ kind: 'same', text: 'A b.' }] },
        { kind: 'p', segments: [{ kind: 'added', text: 'B c.' }] },
      ],
      added: 2,
      removed: 0,
    });
  });

  it('shows a draft emptied of everything as removed text', () => {
    expect(diffDrafts([p('Gone now.')], []).blocks).toEqual([
      { kind: 'p', segments: [{ kind: 'removed', text: 'Gone now.' }] },
    ]);
  });
});

describe('summariseChanges', () => {
  it('counts whole words added and removed, as the word count counts them', () => {
    const summary = summariseChanges(
      diffDrafts([p('The cat sat.'), p('A dog ran fast.')], [p('The cats sat down.'), p('A dog ran.')]),
      [],
    );
    // Added: 'cats', 'down.' (the word 'down.' is new); removed: 'cat', 'fast.' (its '.' stayed but the word went).
    expect(summary).toEqual({ added: 2, removed: 2, addressed: 0, comments: 0 });
  });

  it('adds up to the word counts when one draft replaces another entirely', () => {
    const before = [p('Alpha beta gamma delta.')];
    const after = [p('Zeta eta theta.'), p('Iota kappa.')];
    const summary = summariseChanges(diffDrafts(before, after), []);
    expect(summary.added).toBe(countWords('Zeta eta theta. Iota kappa.'));
    expect(summary.removed).toBe(countWords(before[0].text));
  });

  it('reads a no-break space, as any space, as the end of a word', () => {
    const summary = summariseChanges(diffDrafts([p('Alpha beta.')], [p('Alpha\u00a0gamma.')]), []);
    expect(summary).toMatchObject({ added: 1, removed: 1 });
  });

  it('counts nothing for the same draft', () => {
    const draft = [p('Nothing changed here.'), p('Nor here.')];
    expect(summariseChanges(diffDrafts(draft, draft), [])).toEqual({ added: 0, removed: 0, addressed: 0, comments: 0 });
  });

  it('counts as addressed the previous round’s comments the family marked done', () => {
    const comments = [
      comment('a', '2026-11-21T09:00:00.000Z'),
      comment('b', null),
      comment('c', '2026-11-21T09:05:00.000Z'),
    ];
    expect(summariseChanges({ blocks: [], added: 0, removed: 0 }, comments)).toMatchObject({
      addressed: 2,
      comments: 3,
    });
  });
});

describe('changeSummaryLabel', () => {
  it.each([
    [{ added: 84, removed: 121, addressed: 3, comments: 5 }, '+84 words, −121 words, 3 of 5 comments addressed'],
    [{ added: 1, removed: 0, addressed: 0, comments: 1 }, '+1 word, −0 words, 0 of 1 comment addressed'],
    [{ added: 12, removed: 3, addressed: 0, comments: 0 }, '+12 words, −3 words'],
  ])('%o reads %s', (summary, label) => {
    expect(changeSummaryLabel(summary)).toBe(label);
  });
});
