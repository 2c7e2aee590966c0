/**
 * What families' reviews say of an editor, as the cards and profiles show it: the three scores, the
 * rating and the on-time share. Kept apart from the rest of the reviews module so that the public
 * pages' islands load these few lines and nothing of the review forms.
 */
import type { TrackRecord } from './track-record';

/** What a family scores, 1 to 5 each. */
export const REVIEW_SCORES = ['feedback', 'communication', 'onTime'] as const;
export type ReviewScore = (typeof REVIEW_SCORES)[number];
export type Scores = Record<ReviewScore, number>;

export const reviewScoreLabel: Record<ReviewScore, string> = {
  feedback: 'Quality of feedback',
  communication: 'Communication',
  onTime: 'On time',
};

/** What the ends of each score mean, said beside it on the review forms. */
export const reviewScoreScale: Record<ReviewScore | 'collaboration', { low: string; high: string }> = {
  feedback: { low: 'general remarks you could not act on', high: 'specific notes that made the essay better' },
  communication: { low: 'hard to reach, or unclear answers', high: 'prompt, clear and kind' },
  onTime: { low: 'much later than the turnaround promised', high: 'every round on time or early' },
  collaboration: { low: 'drafts late and messages unanswered', high: 'drafts on time and questions answered' },
};

/** An editor's rating as the cards show it: null until enough reviews are published. */
export interface EditorRating {
  count: number;
  average: number | null;
}

/** An editor's share of rounds returned by their due time over the period; null until enough rounds. */
export interface OnTimeShare {
  rounds: number;
  share: number | null;
}

/**
 * '★ 4.8 · 12 reviews' once there are enough for an average; before, how many there are ('1 review');
 * with none, 'No reviews yet' once the editor has finished a project, and 'New editor' only before.
 */
export function ratingLabel(rating: EditorRating, track: Pick<TrackRecord, 'finished'>) {
  if (rating.average !== null) return `★ ${rating.average.toFixed(1)} · ${rating.count} reviews`;
  if (rating.count > 0) return `${rating.count} review${rating.count === 1 ? '' : 's'}`;
  return track.finished > 0 ? 'No reviews yet' : 'New editor';
}

/** 'On time 95%' once enough rounds were returned. */
export const onTimeLabel = (onTime: OnTimeShare) =>
  onTime.share === null ? null : `On time ${Math.round(onTime.share * 100)}%`;
