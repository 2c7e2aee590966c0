/**
 * Why a family review is held for our team before it goes public, in the words the family, the admin
 * and the owner read. What finds the reasons in a review's text is review-hold.ts, which only the
 * server loads.
 */

export const HOLD_REASONS = ['contact', 'link', 'abuse'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** What the family, the admin and the owner's mail read of each reason. */
const holdReasonWords: Record<HoldReason, string> = {
  contact: 'contact details',
  link: 'a link',
  abuse: 'abusive words',
};

/** 'contact details and a link': the reasons as one phrase. */
export function holdPhrase(reasons: readonly HoldReason[]): string {
  const words = reasons.map((reason) => holdReasonWords[reason]);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
