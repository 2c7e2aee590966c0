/**
 * What changed between two rounds' drafts, word by word, and the summary both sides read above it.
 * The drafts are compared as one text (blocks joined by line breaks, which no block contains), so a
 * sentence moved to another paragraph reads as moved words, not as two rewritten paragraphs; the
 * result is cut back into the new draft's blocks for the page.
 */
import { diffWordsWithSpace, type ChangeObject } from 'diff';
import type { EssayBlock, EssayComment } from './essay';

/** A run of text in the changes view: kept, added in the new draft or removed from the old one. */
export type ChangeSegment = { kind: 'same' | 'added' | 'removed'; text: string };
/** A block of the new draft with its changes; removed text sits where it was taken out. */
export type ChangedBlock = { kind: EssayBlock['kind']; segments: ChangeSegment[] };

export type ChangeSummary = { added: number; removed: number; addressed: number; comments: number };

type Change = ChangeObject<string>;
const BREAK = '\n';
const joined = (blocks: EssayBlock[]) => blocks.map(({ text }) => text.replace(/\n/g, ' ')).join(BREAK);

/** The changes between two drafts: the new draft's blocks marked up, and the words added and removed. */
export type DraftChanges = { blocks: ChangedBlock[]; added: number; removed: number };

/**
 * How many words of one side's text have any character in changes of that side: a word of the new
 * draft counts as added if any of it was added ('cat' to 'cats' is one word added, one removed).
 * Words are runs of non-space characters, as the word count counts them.
 */
function wordsTouched(changes: Change[], side: 'added' | 'removed'): number {
  let text = '';
  const marked: boolean[] = [];
  for (const change of changes) {
    if (side === 'added' ? change.removed : change.added) continue;
    text += change.value;
    for (let i = 0; i < change.value.length; i += 1) marked.push(change[side]);
  }
  let count = 0;
  for (const word of text.matchAll(/\S+/g)) {
    if (marked.slice(word.index, word.index + word[0].length).includes(true)) count += 1;
  }
  return count;
}

/**
 * The new draft's blocks with the words added and removed since the old one marked in them.
 * Spaces count as words of their own, so each side's text is given back exactly.
 */
export function diffDrafts(before: EssayBlock[], after: EssayBlock[]): DraftChanges {
  const changes = diffWordsWithSpace(joined(before), joined(after));
  const blocks: ChangedBlock[] = [{ kind: after[0]?.kind ?? 'p', segments: [] }];
  const push = (kind: ChangeSegment['kind'], text: string) => {
    if (text === '') return;
    const segments = blocks[blocks.length - 1].segments;
    const last = segments[segments.length - 1];
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  for (const change of changes) {
    if (change.removed) {
      // A removed paragraph break reads as a space inside the block the text was taken from.
      push('removed', change.value.replace(/\n/g, ' '));
      continue;
    }
    const kind = change.added ? 'added' : 'same';
    change.value.split(BREAK).forEach((piece, i) => {
      if (i > 0) blocks.push({ kind: after[blocks.length]?.kind ?? 'p', segments: [] });
      push(kind, piece);
    });
  }
  return { blocks, added: wordsTouched(changes, 'added'), removed: wordsTouched(changes, 'removed') };
}

/**
 * The summary line's numbers. A comment of the previous round counts as addressed when the family
 * marked it 'Done': their word that they acted on it, whether or not its passage changed.
 */
export function summariseChanges({ added, removed }: DraftChanges, previousComments: EssayComment[]): ChangeSummary {
  const addressed = previousComments.filter((comment) => comment.doneAt !== null).length;
  return { added, removed, addressed, comments: previousComments.length };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '+84 words, −121 words, 3 of 5 comments addressed'; the comments part only when there were any. */
export function changeSummaryLabel({ added, removed, addressed, comments }: ChangeSummary): string {
  const words = `+${plural(added, 'word')}, −${plural(removed, 'word')}`;
  return comments === 0 ? words : `${words}, ${addressed} of ${plural(comments, 'comment')} addressed`;
}
