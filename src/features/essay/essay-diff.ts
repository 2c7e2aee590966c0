/**
 * What changed between two rounds' drafts, word by word, and the summary both sides read above it.
 * The drafts are read as one text (blocks joined by line breaks, which no block contains): unchanged
 * blocks are paired first, then the changed ones are compared word by word, paragraph to paragraph
 * where both sides have as many, else as one stretch, so a sentence moved to another paragraph reads
 * as moved words; the result is cut back into the new draft's blocks for the page.
 */
import type { EssayBlock, EssayComment } from './essay';

/** A run of text in the changes view: kept, added in the new draft or removed from the old one. */
type ChangeSegment = { kind: 'same' | 'added' | 'removed'; text: string };
/** A block of the new draft with its changes; removed text sits where it was taken out. */
export type ChangedBlock = { kind: EssayBlock['kind']; segments: ChangeSegment[] };

export type ChangeSummary = { added: number; removed: number; addressed: number; comments: number };

/** A run of text kept, added or removed, in the order the two texts read. */
type Change = { value: string; added: boolean; removed: boolean };

/**
 * Words (apostrophes included) and single punctuation marks, each with the spaces before it, and
 * the spaces at the end; a block's break alone. The text comes back exactly, in half the tokens of
 * spaces on their own. Punctuation is ASCII's and the general punctuation block's, listed
 * rather than matched by Unicode property, which costs a page milliseconds to compile.
 */
const TOKEN = /\n|[^\S\n]*(?:[^\s!-&(-/:-@[-^`{-~\u2010-\u2018\u201a-\u205e]+|[^\s])|[^\S\n]+/g;

/** Whether a character is a space as `\s` reads it, tested without a pattern below 128. */
function isSpace(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(text[at]);
}

/**
 * Marks the shortest edit between two lists of token numbers (Myers' O(ND) algorithm):
 * `removed[i]` for each token of the first list taken out, `added[j]` for each token of the second
 * put in. The tokens left unmarked are kept, paired in order.
 */
function markEdit(x: Int32Array, y: Int32Array, removed: Uint8Array, added: Uint8Array): void {
  const n = x.length;
  const m = y.length;
  const middle = n + m + 1;
  const v = new Int32Array(2 * middle + 1);
  // Each round's furthest points, kept from k = -d-1 to d+1 to walk back along.
  const trace: Int32Array[] = [];
  let rounds = 0;
  search: for (let d = 0; d <= n + m; d += 1) {
    trace.push(v.slice(middle - d - 1, middle + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let i =
        k === -d || (k !== d && v[middle + k - 1] < v[middle + k + 1]) ? v[middle + k + 1] : v[middle + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) {
        i += 1;
        j += 1;
      }
      v[middle + k] = i;
      if (i >= n && j >= m) {
        rounds = d;
        break search;
      }
    }
  }
  // Walked back from the end, one edit per round; the kept runs between them need no marks.
  let i = n;
  let j = m;
  for (let d = rounds; d > 0; d -= 1) {
    const before = trace[d];
    const k = i - j;
    const down = k === -d || (k !== d && before[k + d] < before[k + d + 2]);
    i = before[k + d + (down ? 2 : 0)];
    j = i - (down ? k + 1 : k - 1);
    if (down) added[j] = 1;
    else removed[i] = 1;
  }
}

/**
 * How many words of a side's tokens have a marked token in them: a word of the new draft counts as
 * added if any of it was added ('cat' to 'cats' is one word added, one removed). Words are runs of
 * non-space characters, as the word count counts them; a token begins a word when it begins with a
 * space, and a token of spaces alone ends one.
 */
function wordsMarked(tokens: string[], marked: Uint8Array): number {
  let count = 0;
  let inWord = false;
  let touched = false;
  for (let t = 0; t < tokens.length; t += 1) {
    const token = tokens[t];
    if (isSpace(token, 0)) {
      if (touched) count += 1;
      inWord = touched = false;
    }
    if (!isSpace(token, token.length - 1)) {
      inWord = true;
      touched ||= marked[t] === 1;
    }
  }
  return inWord && touched ? count + 1 : count;
}

/** The changes between two texts, word by word, and how many words each side has changed. */
type WordDiff = { changes: Change[]; added: number; removed: number };

/**
 * The word changes between two texts, as runs of kept, removed and added text; within a changed
 * run the removed text comes first.
 */
function wordDiff(before: string, after: string): WordDiff {
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  const numbers = new Map<string, number>();
  const numbered = (tokens: string[]) => {
    const list = new Int32Array(tokens.length);
    for (let t = 0; t < tokens.length; t += 1) {
      let n = numbers.get(tokens[t]);
      if (n === undefined) numbers.set(tokens[t], (n = numbers.size));
      list[t] = n;
    }
    return list;
  };
  const removedMarks = new Uint8Array(a.length);
  const addedMarks = new Uint8Array(b.length);
  markEdit(numbered(a), numbered(b), removedMarks, addedMarks);

  const changes: Change[] = [];
  const push = (value: string, added: boolean, removed: boolean) => {
    const last = changes[changes.length - 1];
    if (value === '') return;
    if (last && last.added === added && last.removed === removed) last.value += value;
    else changes.push({ value, added, removed });
  };
  let i = 0;
  let j = 0;
  for (;;) {
    let removed = '';
    let added = '';
    while (i < a.length && removedMarks[i] === 1) removed += a[i++];
    while (j < b.length && addedMarks[j] === 1) added += b[j++];
    // Tokens carry the spaces before them: spaces both sides of a change begin with are kept text.
    let same = 0;
    while (same < removed.length && removed[same] === added[same] && isSpace(removed, same)) same += 1;
    push(removed.slice(0, same), false, false);
    push(removed.slice(same), false, true);
    push(added.slice(same), true, false);
    if (i >= a.length || j >= b.length) break;
    push(b[j], false, false);
    i += 1;
    j += 1;
  }
  return { changes, added: wordsMarked(b, addedMarks), removed: wordsMarked(a, removedMarks) };
}

const BREAK = '\n';

/** The changes between two drafts: the new draft's blocks marked up, and the words added and removed. */
export type DraftChanges = { blocks: ChangedBlock[]; added: number; removed: number };

/**
 * Blocks of the two drafts whose text is the same, paired in order (their longest common
 * subsequence): a draft has tens of blocks, so the table is small.
 */
function sameBlocks(before: string[], after: string[]): [number, number][] {
  const rows = before.length + 1;
  const cols = after.length + 1;
  const longest = new Uint16Array(rows * cols);
  for (let i = before.length - 1; i >= 0; i -= 1)
    for (let j = after.length - 1; j >= 0; j -= 1)
      longest[i * cols + j] =
        before[i] === after[j]
          ? longest[(i + 1) * cols + j + 1] + 1
          : Math.max(longest[(i + 1) * cols + j], longest[i * cols + j + 1]);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) pairs.push([i++, j++]);
    else if (longest[(i + 1) * cols + j] >= longest[i * cols + j + 1]) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Stretches of the two texts to compare on their own: each unchanged block alone, and between them
 * the changed blocks, one to one where both sides have as many, else together (text moved between
 * paragraphs). Word diffs of a paragraph each cost far less than one of the whole essay.
 */
function stretches(before: string[], after: string[]): [string[], string[]][] {
  const found: [string[], string[]][] = [];
  const gap = (oldBlocks: string[], newBlocks: string[]) => {
    if (oldBlocks.length === newBlocks.length) oldBlocks.forEach((text, k) => found.push([[text], [newBlocks[k]]]));
    else found.push([oldBlocks, newBlocks]);
  };
  let i = 0;
  let j = 0;
  for (const [si, sj] of [...sameBlocks(before, after), [before.length, after.length]]) {
    if (si > i || sj > j) gap(before.slice(i, si), after.slice(j, sj));
    if (si < before.length) found.push([[before[si]], [after[sj]]]);
    i = si + 1;
    j = sj + 1;
  }
  return found;
}

/** Each block followed by a break, so stretches' texts join into the whole (plus a final break). */
const ended = (texts: string[]) => texts.map((text) => text + BREAK).join('');

/** The word changes between the two joined texts, stretch by stretch, and the words they touch. */
function wordChanges(before: EssayBlock[], after: EssayBlock[]): WordDiff {
  const oneLine = (blocks: EssayBlock[]) => blocks.map(({ text }) => text.replace(/\n/g, ' '));
  const changes: Change[] = [];
  let [added, removed] = [0, 0];
  for (const [oldBlocks, newBlocks] of stretches(oneLine(before), oneLine(after))) {
    const [oldText, newText] = [ended(oldBlocks), ended(newBlocks)];
    if (oldText === newText) {
      changes.push({ value: oldText, added: false, removed: false });
      continue;
    }
    const stretch = wordDiff(oldText, newText);
    changes.push(...stretch.changes);
    added += stretch.added;
    removed += stretch.removed;
  }
  // The break after the last block of each side is none of the drafts' text: dropped here where only
  // that side has it; one kept by both sides ends the last block, which diffDrafts drops.
  for (const [skip, own] of [
    ['added', 'removed'],
    ['removed', 'added'],
  ] as const) {
    const at = changes.findLastIndex((change) => !change[skip]);
    if (at !== -1 && changes[at][own] && changes[at].value.endsWith(BREAK))
      changes[at] = { ...changes[at], value: changes[at].value.slice(0, -1) };
  }
  return { changes: changes.filter((change) => change.value !== ''), added, removed };
}

/**
 * The new draft's blocks with the words added and removed since the old one marked in them.
 * Spaces count as words of their own, so each side's text is given back exactly.
 */
export function diffDrafts(before: EssayBlock[], after: EssayBlock[]): DraftChanges {
  const { changes, added, removed } = wordChanges(before, after);
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
  // A block past the new draft's last holds only text removed after it: it joins the last block.
  while (blocks.length > Math.max(after.length, 1)) {
    const extra = blocks.pop()!;
    if (extra.segments.length) push('removed', ' ');
    extra.segments.forEach(({ kind, text }) => push(kind, text));
  }
  return { blocks, added, removed };
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
