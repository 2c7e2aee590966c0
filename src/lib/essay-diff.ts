/**
 * What changed between two rounds' drafts, word by word, and the summary both sides read above it.
 * The drafts are read as one text (blocks joined by line breaks, which no block contains): unchanged
 * blocks are paired first, then the changed ones are compared word by word, paragraph to paragraph
 * where both sides have as many, else as one stretch, so a sentence moved to another paragraph reads
 * as moved words; the result is cut back into the new draft's blocks for the page.
 */
import type { EssayBlock, EssayComment } from './essay';

/** A run of text in the changes view: kept, added in the new draft or removed from the old one. */
export type ChangeSegment = { kind: 'same' | 'added' | 'removed'; text: string };
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

/**
 * The shortest edit between two token lists (Myers' O(ND) algorithm on token numbers), as runs of
 * kept, removed and added text; within a changed run the removed text comes first.
 */
function diffTokens(a: string[], b: string[]): Change[] {
  const numbers = new Map<string, number>();
  const number = (token: string) => {
    let n = numbers.get(token);
    if (n === undefined) numbers.set(token, (n = numbers.size));
    return n;
  };
  const [n, m] = [a.length, b.length];
  const x0 = new Int32Array(n);
  const y0 = new Int32Array(m);
  for (let i = 0; i < n; i += 1) x0[i] = number(a[i]);
  for (let i = 0; i < m; i += 1) y0[i] = number(b[i]);
  const middle = n + m + 1;
  const v = new Int32Array(2 * middle + 1);
  // Each round's furthest points, kept from k = -d-1 to d+1 to walk back along.
  const trace: Int32Array[] = [];
  let rounds = 0;
  search: for (let d = 0; d <= n + m; d += 1) {
    trace.push(v.slice(middle - d - 1, middle + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[middle + k - 1] < v[middle + k + 1]) ? v[middle + k + 1] : v[middle + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && x0[x] === y0[y]) {
        x += 1;
        y += 1;
      }
      v[middle + k] = x;
      if (x >= n && y >= m) {
        rounds = d;
        break search;
      }
    }
  }
  // Walked back from the end: each token kept (0), removed (1) or added (2), last first.
  const steps: [number, string][] = [];
  let [x, y] = [n, m];
  for (let d = rounds; d > 0; d -= 1) {
    const before = trace[d];
    const at = (k: number) => before[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const px = down ? at(k + 1) : at(k - 1);
    const py = px - (down ? k + 1 : k - 1);
    for (; x > px && y > py; y -= 1) steps.push([0, a[(x -= 1)]]);
    if (down) steps.push([2, b[(y -= 1)]]);
    else steps.push([1, a[(x -= 1)]]);
  }
  while (x > 0) steps.push([0, a[(x -= 1)]]);
  const changes: Change[] = [];
  const push = (value: string, added: boolean, removed: boolean) => {
    const last = changes.at(-1);
    if (value === '') return;
    if (last && last.added === added && last.removed === removed) last.value += value;
    else changes.push({ value, added, removed });
  };
  let removed = '';
  let added = '';
  // Tokens carry the spaces before them: spaces both sides of a change begin with are kept text.
  const flushChanged = () => {
    let same = 0;
    while (same < removed.length && removed[same] === added[same] && /\s/.test(removed[same])) same += 1;
    push(removed.slice(0, same), false, false);
    push(removed.slice(same), false, true);
    push(added.slice(same), true, false);
    removed = added = '';
  };
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const [kind, token] = steps[i];
    if (kind === 0) {
      flushChanged();
      push(token, false, false);
    } else if (kind === 1) removed += token;
    else added += token;
  }
  flushChanged();
  return changes;
}

const wordDiff = (before: string, after: string) => diffTokens(before.match(TOKEN) ?? [], after.match(TOKEN) ?? []);
const BREAK = '\n';

/** The changes between two drafts: the new draft's blocks marked up, and the words added and removed. */
export type DraftChanges = { blocks: ChangedBlock[]; added: number; removed: number };

/**
 * How many words of one side's text have any character in changes of that side: a word of the new
 * draft counts as added if any of it was added ('cat' to 'cats' is one word added, one removed).
 * Words are runs of non-space characters, as the word count counts them.
 */
function wordsTouched(changes: Change[], side: 'added' | 'removed'): number {
  let count = 0;
  let inWord = false;
  let touched = false;
  for (const change of changes) {
    if (side === 'added' ? change.removed : change.added) continue;
    const { value } = change;
    for (let i = 0; i < value.length; i += 1) {
      const code = value.charCodeAt(i);
      const space = code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code > 127 && /\s/.test(value[i]);
      if (space) {
        if (touched) count += 1;
        inWord = touched = false;
      } else {
        inWord = true;
        touched ||= change[side];
      }
    }
  }
  return inWord && touched ? count + 1 : count;
}

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

/** The word changes between the two joined texts, stretch by stretch. */
function wordChanges(before: EssayBlock[], after: EssayBlock[]): Change[] {
  const oneLine = (blocks: EssayBlock[]) => blocks.map(({ text }) => text.replace(/\n/g, ' '));
  const changes: Change[] = [];
  for (const [oldBlocks, newBlocks] of stretches(oneLine(before), oneLine(after))) {
    const [oldText, newText] = [ended(oldBlocks), ended(newBlocks)];
    if (oldText === newText) changes.push({ value: oldText, added: false, removed: false });
    else changes.push(...wordDiff(oldText, newText));
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
  return changes.filter((change) => change.value !== '');
}

/**
 * The new draft's blocks with the words added and removed since the old one marked in them.
 * Spaces count as words of their own, so each side's text is given back exactly.
 */
export function diffDrafts(before: EssayBlock[], after: EssayBlock[]): DraftChanges {
  const changes = wordChanges(before, after);
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
