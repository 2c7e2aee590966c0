/**
 * The limits of the essay in the page, in one place: how far a draft file is taken apart to be
 * read (so a hostile .docx is refused before it costs memory or time), and the word limits a family
 * may state. The messages say why a draft could not be read, in words a family understands.
 */

export const CONVERSION_LIMITS = {
  /** Entries in a .docx archive: a real essay has a few dozen. */
  zipEntries: 400,
  /** Uncompressed bytes of the parts that are read (text, styles, numbering): images are never read. */
  uncompressedBytes: 20 * 1024 * 1024,
  /** Uncompressed to compressed size of one part: text compresses well, a zip bomb far better. */
  ratio: 100,
  /** XML elements nested inside one another in the document. */
  nesting: 200,
  /** Wall time for one conversion. */
  millis: 5_000,
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
  tooSlow: 'This document took too long to read.',
  notText: 'This file is not plain text.',
  notRtf: 'This file could not be read as a rich-text document.',
  pdf: 'PDF drafts are kept as a download.',
  empty: 'This document has no text to show.',
} as const;
