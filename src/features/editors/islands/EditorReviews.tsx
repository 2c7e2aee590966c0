import { useEffect, useState } from 'react';
import { withGrade } from '#lib/grades';
import {
  onTimeLabel,
  ratingLabel,
  REVIEW_SCORES,
  reviewScoreLabel,
  type EditorRating,
  type OnTimeShare,
} from '#features/reviews/rating';
import type { TrackRecord } from '#features/reviews/track-record';
import { PROFILE_REVIEWS, ratingOf, type PublicReview } from '#features/reviews/reviews';

type Loaded = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; reviews: PublicReview[] };

/** 'November 2026': reviews say when, not to the minute. */
const month = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'America/New_York' }).format(
    new Date(iso),
  );

/**
 * An editor's published reviews, newest first, read when the section comes into view: the page as
 * built carries the rating; the reviews themselves change as families write them.
 */
export default function EditorReviews({
  editorId,
  firstName,
  rating,
  onTime,
  track,
}: {
  editorId: string;
  firstName: string;
  rating: EditorRating;
  onTime: OnTimeShare;
  track: Pick<TrackRecord, 'finished'>;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetch(`/api/editors/${encodeURIComponent(editorId)}/reviews`)
      .then((res) => (res.ok ? (res.json() as Promise<PublicReview[]>) : Promise.reject(new Error(String(res.status)))))
      .then(
        (reviews) => current && setLoaded({ kind: 'ready', reviews }),
        () => current && setLoaded({ kind: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [editorId, attempt]);

  const onTimeText = onTimeLabel(onTime);
  // The line above the reviews counts the reviews below it: the page as built may know fewer. A full
  // page of them is not all of them, so then the rating the page was built with stands.
  const shown =
    loaded.kind === 'ready' && loaded.reviews.length < PROFILE_REVIEWS
      ? ratingOf(
          loaded.reviews.length,
          loaded.reviews.reduce((sum, review) => sum + review.overall, 0),
        )
      : rating;
  return (
    <div className="space-y-4">
      <p className="font-semibold text-navy-900">
        {ratingLabel(shown, track)}
        {onTimeText && <span className="font-normal text-slate-700"> · {onTimeText} over the last 90 days</span>}
      </p>
      <div aria-live="polite">
        {loaded.kind === 'loading' && (
          <>
            <p className="text-slate-700 noscript:hidden">Loading reviews…</p>
            {/* The reviews are read from the live list: without scripts the page says so rather than wait. */}
            <p className="hidden text-slate-700 noscript:block">
              Turn on JavaScript to read {firstName}&apos;s reviews.
            </p>
          </>
        )}
        {loaded.kind === 'error' && (
          <p className="text-slate-700">
            The reviews could not be loaded.{' '}
            <button
              type="button"
              className="font-semibold text-navy-700 underline underline-offset-4"
              onClick={() => {
                setLoaded({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>
          </p>
        )}
        {loaded.kind === 'ready' && loaded.reviews.length === 0 && (
          <p className="text-slate-700">No reviews yet: families review {firstName} once their essay is final.</p>
        )}
      </div>
      {loaded.kind === 'ready' && loaded.reviews.length > 0 && (
        <ul className="space-y-4">
          {loaded.reviews.map((review) => (
            <li key={review.projectId} className="space-y-2 rounded-2xl border border-navy-100 p-4">
              <p className="font-semibold text-navy-900">
                ★ {review.overall.toFixed(1)}{' '}
                <span className="font-normal text-slate-700">
                  · {withGrade(review.student.firstName, review.student.grade, ', ')} · {review.service} ·{' '}
                  {month(review.publishedAt)}
                </span>
              </p>
              <p className="text-sm text-slate-700">
                {REVIEW_SCORES.map((score) => `${reviewScoreLabel[score]} ${review.scores[score]}/5`).join(' · ')}
              </p>
              {review.text && <p className="whitespace-pre-wrap text-slate-800">{review.text}</p>}
              {review.reply && (
                <p className="border-l-4 border-navy-100 pl-3 text-sm whitespace-pre-wrap text-slate-700">
                  <span className="font-semibold">Reply from {firstName}:</span> {review.reply.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
