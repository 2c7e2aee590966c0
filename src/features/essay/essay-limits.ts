/**
 * The limits of the essay in the page, in one place: how far a draft file is taken apart to be
 * read (so a hostile .docx is refused before it costs memory or time), and the word limits a family
 * may state. The messages say why a draft could not be read, in words a family understands.
 */
import { formatCount } from '#lib/numbers';

export const CONVERSION_LIMITS = {
  /** Entries in a .docx archive: a real essay has a few dozen. */
  zipEntries: 400,
  /** Uncompressed bytes of the parts that are read (text, styles, numbering): images are never read. */
  uncompressedBytes: 5 * 1024 * 1024,
  /** Uncompressed to compressed size of one part: text compresses well, a zip bomb far better. */
  ratio: 100,
  /** XML elements nested inside one another in the document. */
  nesting: 200,
  /**
   * XML elements in the parts that are read, counted before any parser runs: parsing costs by the
   * element, and a 10,000-word document with a run for every word has about 50,000 of them.
   */
  elements: 60_000,
  /**
   * Wall time for the worker's start, until the converter is loaded and before it reads the file:
   * a bundled worker starts in a fraction of it, one compiled from source on a busy machine in seconds.
   */
  startMillis: 15_000,
  /** Wall time for one conversion once its worker has started: the worker is stopped then. */
  millis: 6_000,
  /** The worker's heap, in MB: a conversion within the limits above needs about half of it. */
  oldGenerationMb: 256,
  youngGenerationMb: 32,
  /** Blocks kept of one draft, and characters of one block. */
  blocks: 2_000,
  blockChars: 20_000,
} as const;

/** The word limits a family may state for a prompt (the Common App's is 650). */
export const WORD_LIMIT_BOUNDS = { min: 25, max: 10_000 } as const;

export const conversionMessages = {
  notADocument: 'This file could not be read as a Word document.',
  tooLarge: 'This document is too large to show in the page.',
  macros: 'This document contains macros, so it is kept as a download only.',
  tooDeep: 'This document is built in a way that cannot be shown in the page.',
  /** When converting it was stopped (too slow, or out of memory). */
  unreadable: 'We could not read this file as text; your editor can download it.',
  notText: 'This file is not plain text.',
  notRtf: 'This file could not be read as a rich-text document.',
  pdf: 'PDF drafts are kept as a download.',
  empty: 'This document has no text to show.',
} as const;

/**
 * A draft's words against the limit, as shown and as a screen reader announces it:
 * '612 / 650 words', '700 / 650 words — 50 over the limit', or '612 words' with no limit.
 */
export function wordCountLabel(words: number, limit: number | null): { text: string; over: boolean } {
  const count = formatCount(words);
  if (limit === null) return { text: `${count} ${words === 1 ? 'word' : 'words'}`, over: false };
  const over = words - limit;
  const text = `${count} / ${formatCount(limit)} words`;
  return over > 0 ? { text: `${text} — ${formatCount(over)} over the limit`, over: true } : { text, over: false };
}

export const draftViewMessages = {
  loading: 'Loading the draft...',
  downloadOnly: 'This draft can only be downloaded: it is not shown in the page.',
  unreadable: 'This draft could not be shown in the page.',
  link: 'This draft is a link to a document outside this site.',
  removed: 'This draft was removed by the family.',
  noChanges: 'The changes cannot be shown: one of the two drafts has no text in the page.',
} as const;
