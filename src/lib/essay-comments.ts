/**
 * The editor's comments on passages of a round's draft, kept on the round itself: drafts of the
 * feedback while the round is being edited, seen by the family once it is returned with the notes.
 */
import type { EssayComment } from './essay';

export const COMMENT_LIMITS = {
  /** Comments per round: more than a page can show beside an essay of a few hundred words. */
  perRound: 50,
  /** Characters of one comment. */
  text: 1000,
  /** Characters of a quoted passage: a few paragraphs at most. */
  quote: 5000,
} as const;

export const commentMessages = {
  full: `A round can have at most ${COMMENT_LIMITS.perRound} comments. Put the rest in your notes.`,
  none: 'There are no comments on this round.',
  noSuchComment: 'That comment is not on this round: reload the page.',
  notInDraft: 'That passage is not in this round’s draft as it is now: reload the page and choose it again.',
  noText:
    'This round’s draft has no text to comment on (a PDF, a link or a file we could not read): put your comments in your notes.',
} as const;

/** A round as far as its comments go: returned or not, and its comments if any. */
type CommentedRound = { returnedAt: string | null; comments?: EssayComment[] };

/**
 * The comments a reader sees on a round: the editor and our team always, the family only once the
 * round is returned (until then the comments are drafts of the feedback).
 */
export const commentsShown = (round: CommentedRound, familyReads: boolean): EssayComment[] =>
  familyReads && round.returnedAt === null ? [] : (round.comments ?? []);
