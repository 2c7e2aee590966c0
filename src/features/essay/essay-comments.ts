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

/** What the draft view says about comments, to both sides. */
export const commentLabels = {
  choose: 'Comment on selection',
  /** A pasted draft is shown as typed; its comments and changes open beside it. */
  pasted: { open: 'Comments and changes', close: 'Back to the draft as typed' },
  hint: 'To comment, select words in the draft; or, with the keyboard, focus the text and use the arrow keys to choose a word (Shift with an arrow extends the choice, Up and Down go to another paragraph), then press Enter.',
  field: 'Your comment',
  save: 'Save comment',
  saved: 'Comment saved.',
  remove: 'Delete comment',
  removed: 'Comment deleted.',
  sentWithFeedback: 'Comments are sent with your feedback: the family sees them once you return it.',
  previous: 'Previous comment',
  next: 'Next comment',
  done: 'Done',
  doneMark: 'Marked done by the family',
  notDone: 'Not marked done yet',
  sinceRemoved: 'on text since removed',
  sinceRemovedHeading: 'Comments on text since removed',
  chosen: (quote: string) => `Chosen: “${quote}”. Press Enter to comment.`,
  heading: (count: number) => `Comments (${count})`,
  numbered: (n: number, quote: string) => `Comment ${n} on “${quote}”`,
} as const;

/** The changes view: its switch, its legend and the previous round's comments. */
export const changeLabels = {
  show: (round: number) => `Changes since round ${round}`,
  legend: 'Added words are underlined and marked “added”; removed words are struck through and marked “removed”.',
  added: 'added: ',
  removed: 'removed: ',
  previousComments: (round: number) => `Comments on round ${round}`,
} as const;
