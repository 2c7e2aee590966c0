/**
 * One project, read by two people: the family (the dashboard) and the editor (the workspace). The
 * server says what the caller may do (`actions`); the perspective picks the steps that page offers
 * and the words it uses.
 */
import { type ProjectAction, type ProjectState } from '../project';
import { AUTO_FINAL_DAYS, editorStateLabel, projectStateLabel } from '../process';
import { commentLabels } from '#features/essay/essay-comments';
import { formatUsdCents } from '#lib/money';
import type { CancellationQuote } from '#lib/refunds';

export type Perspective = 'customer' | 'editor';

/** The steps each page offers, in the order its buttons appear; messages have their own form. */
const STEPS: Record<Perspective, readonly ProjectAction[]> = {
  customer: ['submit', 'finalize', 'extend', 'ask-for-help', 'cancel', 'withdraw'],
  editor: ['acknowledge', 'return'],
};

export const stepsFor = (perspective: Perspective, actions: readonly ProjectAction[]) =>
  STEPS[perspective].filter((a) => actions.includes(a));

export const stateLabel = (perspective: Perspective, state: ProjectState) =>
  (perspective === 'customer' ? projectStateLabel : editorStateLabel)[state];

/** What a step's success means, said to the one who took it. */
export const stepDone: Partial<Record<ProjectAction, string>> = {
  submit: 'Your draft is with your editor. They will acknowledge it within 24 hours.',
  acknowledge: 'Acknowledged: your message is with the family.',
  return: 'Feedback returned: the family has been told.',
  finalize: 'Marked final. Thank you!',
  extend: `Kept open for ${AUTO_FINAL_DAYS} more days.`,
  withdraw: 'The project is withdrawn.',
  message: 'Message sent.',
  comment: commentLabels.saved,
  'remove-comment': commentLabels.removed,
  'mark-comment': 'Saved.',
  review: 'Thank you: your review is saved.',
  reply: 'Your reply is published.',
  'remove-draft': 'The draft is removed: its text and files are deleted, and your editor has been told.',
  'ask-for-help':
    'Your request is with our team and your editor: we will tell you what we decide, and why, by e-mail and here.',
};

/** A cancel's success, by what it gives back (the quote the page showed, which the server held to). */
export const cancelDone = (quote: CancellationQuote | null) =>
  quote && quote.amountCents > 0
    ? `Cancelled. ${formatUsdCents(quote.amountCents)} is on its way back to your card: follow it under Your Orders.`
    : 'Cancelled. Nothing was refunded: this order had been refunded already.';
