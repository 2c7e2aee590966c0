/**
 * The essay as both sides read it in the page: a draft's text as plain blocks, its word count
 * against the prompt's limit, and the editor's comments anchored to passages of it. Shared by the
 * server that makes these from a pasted or uploaded draft and the islands that show them.
 */

/** A paragraph, a heading or a list item of a draft, as plain text: never markup. */
export type EssayBlock = { kind: 'p' | 'h' | 'li'; text: string };

/**
 * A draft as the page reads it. `ready`: its blocks are the text. `download-only`: a PDF or a link,
 * kept as the original. `unreadable`: a file that could not be converted, with the reason, and the
 * original still downloadable.
 */
export type DraftText = {
  round: number;
  source: 'text' | 'docx' | 'txt' | 'rtf' | 'pdf' | 'link';
  status: 'ready' | 'download-only' | 'unreadable';
  reason?: string;
  blocks: EssayBlock[];
  words: number;
  /** The prompt's word limit the family stated when submitting; null when none was given. */
  wordLimit: number | null;
  fileId?: string;
  fileName?: string;
};

/**
 * Where a comment points: a range of one block's text, with the quoted words and a little context
 * either side, so it can be found again in the same draft at any screen width and looked for in the
 * next round's draft.
 */
export type CommentAnchor = {
  block: number;
  start: number;
  end: number;
  quote: string;
  prefix: string;
  suffix: string;
};

/** A comment on a passage of one round's draft. The family sees it once the round is returned. */
export type EssayComment = {
  id: string;
  round: number;
  anchor: CommentAnchor;
  text: string;
  createdAt: string;
  /** When the family marked it done; null until then. */
  doneAt: string | null;
};

/** The Common App's limit, filled in when a family submits its first draft. */
export const COMMON_APP_WORD_LIMIT = 650;
