/**
 * Reviews of a finished project: the family scores its editor (public once revealed), the editor
 * reviews the family's collaboration (for our team only). Double-blind: neither side reads the
 * other's review before both are in or the window closes; then the family's is published.
 */
import { REVIEW_SCORES, type EditorRating, type OnTimeShare, type Scores } from './rating';
import { DAY_MS } from '#lib/time';
import { holdPhrase, type HoldReason } from './hold-reasons';

/** How long after a project became final its reviews may be written; the reminder comes before. */
export const REVIEW_WINDOW_MS = 14 * DAY_MS;
export const REVIEW_REMINDER_MS = 10 * DAY_MS;
export const REVIEW_LIMITS = { text: 1_000, reply: 500, hideReason: 500 } as const;
/** An average of fewer reviews says little: the editor reads as new until then. */
const MIN_REVIEWS_FOR_RATING = 3;
/** An editor's profile lists this many reviews at most, newest first: the rating counts them all. */
export const PROFILE_REVIEWS = 50;
/** The on-time share is shown once this many rounds were returned within the period. */
const MIN_ROUNDS_FOR_ON_TIME = 5;
export const ON_TIME_PERIOD_MS = 90 * DAY_MS;
/** The typical time to acknowledge a draft is shown once this many were acknowledged within the period. */
const MIN_RESPONSES = 3;

/** The family's review: public once revealed. */
export interface FamilyReview {
  at: string;
  by: 'customer' | 'student';
  scores: Scores;
  text: string;
}

/** The editor's review of the family's collaboration: read by our team only. */
interface EditorReview {
  at: string;
  score: number;
  text: string;
}

export interface ProjectReviews {
  family?: FamilyReview;
  editor?: EditorReview;
  /** When the family's review became public: both reviews in (or the window closed) and, if held, our team published it. */
  publishedAt?: string;
  /** Kept from the site for our team to read first, when it would have been published (review-hold.ts). */
  held?: { at: string; reasons: HoldReason[] };
  /** The editor's one public answer to a published review. */
  reply?: { at: string; text: string };
  /** Taken off the site by our team, with the reason the family was told. */
  hidden?: { at: string; reason: string };
}

/** One review as the editor's profile shows it. */
export interface PublicReview {
  projectId: string;
  publishedAt: string;
  student: { firstName: string; grade: string };
  service: string;
  scores: Scores;
  /** The mean of the three scores. */
  overall: number;
  text: string;
  reply: { at: string; text: string } | null;
}

export const meanScore = (scores: Scores) =>
  REVIEW_SCORES.reduce((sum, score) => sum + scores[score], 0) / REVIEW_SCORES.length;

/** One decimal, as people read ratings: 4.8. */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The rating of `count` published reviews whose overall scores add up to `sum`. */
export const ratingOf = (count: number, sum: number): EditorRating => ({
  count,
  average: count >= MIN_REVIEWS_FOR_RATING ? oneDecimal(sum / count) : null,
});

/** The share of `rounds` (returned at `at`, on time or not) within the period before `now`. */
export function onTimeShare(rounds: Record<string, { at: string; onTime: boolean }>, now: Date): OnTimeShare {
  const recent = Object.values(rounds).filter((round) => now.getTime() - Date.parse(round.at) <= ON_TIME_PERIOD_MS);
  const onTime = recent.filter((round) => round.onTime).length;
  return {
    rounds: recent.length,
    share: recent.length >= MIN_ROUNDS_FOR_ON_TIME ? Math.round((onTime / recent.length) * 100) / 100 : null,
  };
}

/**
 * The median time to acknowledge a draft over the period before `now`, from each acknowledgement
 * (`at`, `ms` after the draft came); null until MIN_RESPONSES within it.
 */
export function typicalResponseMs(responses: Record<string, { at: string; ms: number }>, now: Date): number | null {
  const recent = Object.values(responses)
    .filter((response) => now.getTime() - Date.parse(response.at) <= ON_TIME_PERIOD_MS)
    .map((response) => response.ms)
    .sort((a, b) => a - b);
  if (recent.length < MIN_RESPONSES) return null;
  const middle = Math.floor(recent.length / 2);
  return recent.length % 2 === 1 ? recent[middle] : Math.round((recent[middle - 1] + recent[middle]) / 2);
}

export const reviewMessages = {
  windowClosed: `Reviews are written within ${REVIEW_WINDOW_MS / DAY_MS} days of the project becoming final; this window has closed.`,
  notFinal: 'Only a final project can be reviewed.',
  reviewed: 'You have reviewed this project already.',
  notPublished: 'There is no published review to answer yet.',
  replied: 'You have answered this review already.',
  notShown: 'There is no review on the site or held to hide.',
  notHeld: 'There is no held review to publish.',
  hideReasonRequired: 'reason is required: say why the review is hidden (the family reads it).',
  /** What the family reads of its review while our team has it (review-hold.ts). */
  heldForFamily: (reasons: readonly HoldReason[]) =>
    `Our team reads your review before it is published, as its words carry ${holdPhrase(reasons)}. We publish it, or tell you why not.`,
  heldForEditor: "Our team reads the family's review before it is published; you read it here once it is.",
  notPublishedForEditor: "Our team did not publish the family's review: it stays off your profile and rating.",
  /** What the side that reviewed first reads until the reveal. */
  pending: (date: string) => `Published when both have reviewed or on ${date}.`,
} as const;

/** A held review our team has neither published nor hidden yet. */
export const awaitsTeam = (reviews: { held?: object | null; publishedAt?: string | null; hidden?: object | null }) =>
  Boolean(reviews.held && !reviews.publishedAt && !reviews.hidden);

/** `?hidden=` and `?held=` of the admin's reviews list. */
export const REVIEW_FLAG_FILTERS = ['true', 'false'] as const;

/** One project's reviews as our team reads them in the admin area: both sides', published or not. */
export interface AdminReview {
  projectId: string;
  editor: { id: string; name: string };
  student: { firstName: string };
  service: string;
  /** The family's review; null while only the editor has reviewed. */
  family: FamilyReview | null;
  /** The mean of the family's three scores, one decimal; null without the family's review. */
  overall: number | null;
  publishedAt: string | null;
  reply: { at: string; text: string } | null;
  hidden: { at: string; reason: string } | null;
  /** Kept from the site for our team to read first; published or hidden since, or not yet. */
  held: { at: string; reasons: HoldReason[] } | null;
  /** The editor's review of the family: never shown outside our team. */
  editorReview: EditorReview | null;
}

/** Whether a published review is on the site, so our team may hide it. */
export const isShownReview = (review: Pick<AdminReview, 'family' | 'publishedAt' | 'hidden'>) =>
  review.family !== null && review.publishedAt !== null && review.hidden === null;
