import { useRef, useState } from 'react';
import { REVIEW_SCORES, reviewScoreLabel } from '../../rating';
import { awaitsTeam, isShownReview, type AdminReview } from '../../reviews';
import { holdPhrase } from '../../hold-reasons';
import { Fact } from '../../../../islands/shared/admin/Facts';
import { HideReviewForm } from './HideReviewForm';

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';
const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Where the review stands on the site: the badge's words and colours. */
function standing(review: AdminReview): { text: string; style: string } {
  if (review.hidden) return { text: 'Hidden', style: 'bg-red-100 text-red-900' };
  if (awaitsTeam(review)) return { text: 'Held for you', style: 'bg-amber-100 text-amber-950' };
  if (review.publishedAt) return { text: 'Published', style: 'bg-emerald-100 text-emerald-900' };
  return { text: 'Not published yet', style: 'bg-slate-100 text-slate-800' };
}

/** The month it was written: the family's review, else the editor's. */
const writtenAt = (review: AdminReview) => review.family?.at ?? review.editorReview?.at ?? null;

interface CardProps {
  review: AdminReview;
  /** Hides the published or held review with the reason; answers null when done, else what went wrong. */
  onHide: (reason: string) => Promise<string | null>;
  /** Publishes the held review; answers null when done, else what went wrong. */
  onPublish: () => Promise<string | null>;
}

/**
 * One project's reviews as our team reads them: the family's scores and words, the editor's reply,
 * whether it is on the site, and the editor's own review of the family, which nobody else reads.
 */
export function ReviewCard({ review, onHide, onPublish }: CardProps) {
  const [asking, setAsking] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `review-${review.projectId}`;
  const state = standing(review);
  const at = writtenAt(review);

  function cancel() {
    setAsking(false);
    requestAnimationFrame(() => document.getElementById(`${headingId}-hide`)?.focus());
  }

  async function confirm(reason: string) {
    const failure = await onHide(reason);
    if (failure !== null) return failure;
    // The button is gone with the review's place on the site: the heading keeps the focus in the card.
    setAsking(false);
    requestAnimationFrame(() => heading.current?.focus());
    return null;
  }

  async function publish() {
    setPublishing(true);
    const failure = await onPublish();
    setPublishing(false);
    // Its buttons are gone once it is published: the heading keeps the focus in the card.
    if (failure === null) requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="font-serif text-lg font-bold break-words text-navy-900"
          >
            {review.editor.name}
            <span className="text-slate-700"> · {review.student.firstName}</span>
          </h3>
          <p className="text-sm break-words text-slate-700">
            {review.service}
            {at && ` · ${month.format(new Date(at))}`}
            <span className="font-mono"> · {review.projectId}</span>
          </p>
        </div>
        <span className={`${badge} ${state.style}`}>{state.text}</span>
      </div>

      {review.family ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {REVIEW_SCORES.map((score) => (
              <Fact key={score} term={reviewScoreLabel[score]}>{`${review.family!.scores[score]} out of 5`}</Fact>
            ))}
            <Fact term="Overall">{review.overall === null ? '' : `${review.overall.toFixed(1)} out of 5`}</Fact>
          </dl>
          {review.family.text ? (
            <blockquote className="mt-3 border-l-4 border-navy-200 pl-3 text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
              {review.family.text}
            </blockquote>
          ) : (
            <p className="mt-3 text-sm text-slate-700">No words, scores only.</p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700">The family has not reviewed this project yet.</p>
      )}

      {review.reply && (
        <div className="mt-3 text-sm">
          <p className="font-semibold text-slate-800">The editor&rsquo;s reply</p>
          <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{review.reply.text}</p>
        </div>
      )}

      {review.held && (
        <p className="mt-3 text-sm font-medium text-amber-950">
          {awaitsTeam(review) ? 'Held: its words carry' : 'It was held: its words carried'}{' '}
          {holdPhrase(review.held.reasons)}.
        </p>
      )}

      {review.hidden && (
        <p className="mt-3 text-sm font-medium text-red-900 [overflow-wrap:anywhere]">Hidden: {review.hidden.reason}</p>
      )}

      {review.editorReview && (
        <section
          aria-labelledby={`${headingId}-private`}
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <h4 id={`${headingId}-private`} className="font-semibold text-amber-950">
            The editor&rsquo;s review of the family: {review.editorReview.score} out of 5
          </h4>
          <p className="text-xs font-semibold text-amber-900">Only our team reads this</p>
          {review.editorReview.text && (
            <p className="mt-1 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
              {review.editorReview.text}
            </p>
          )}
        </section>
      )}

      {(isShownReview(review) || awaitsTeam(review)) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {awaitsTeam(review) && (
            <button
              type="button"
              className="btn-primary min-h-10 px-4 py-1.5 text-sm"
              disabled={publishing}
              onClick={() => void publish()}
            >
              {publishing ? 'Publishing...' : 'Publish review'}
              <span className="sr-only">
                {' '}
                ({review.editor.name}, {review.student.firstName})
              </span>
            </button>
          )}
          <button
            id={`${headingId}-hide`}
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            aria-expanded={asking}
            onClick={() => setAsking(!asking)}
          >
            Hide review
            <span className="sr-only">
              {' '}
              ({review.editor.name}, {review.student.firstName})
            </span>
          </button>
          {asking && (
            <div className="w-full">
              <HideReviewForm onConfirm={confirm} onCancel={cancel} />
            </div>
          )}
        </div>
      )}
    </article>
  );
}
