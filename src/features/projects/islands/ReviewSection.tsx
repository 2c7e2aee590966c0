import { useId, useState, type FormEvent } from 'react';
import type { ProjectView } from '../project';
import { REVIEW_SCORES, reviewScoreLabel, reviewScoreScale, type ReviewScore } from '#features/reviews/rating';
import { awaitsTeam, REVIEW_LIMITS, reviewMessages, type FamilyReview } from '#features/reviews/reviews';
import { formatDateTime } from './format';
import type { Perspective } from './perspective';
import { StepNotice } from './StepNotice';
import { TextArea } from './TextArea';
import type { StepNotice as StepNoticeValue } from './useProjectStep';

type Run = (action: 'review' | 'reply', body: object) => Promise<boolean>;

/**
 * Five radio buttons under one legend: a score from 1 to 5, said as such to screen readers, with what
 * 1 and 5 mean beneath the legend.
 */
function ScoreField({
  legend,
  scale,
  value,
  onValue,
  error,
}: {
  legend: string;
  scale: { low: string; high: string };
  value: number | null;
  onValue: (n: number) => void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className="space-y-1"
      aria-describedby={[`${name}-scale`, error && `${name}-error`].filter(Boolean).join(' ')}
    >
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <p id={`${name}-scale`} className="text-sm text-slate-700">
        1: {scale.low}. 5: {scale.high}.
      </p>
      <div className="flex gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded border border-slate-300 px-2 has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onValue(n)}
              aria-label={`${n} out of 5`}
            />
            <span aria-hidden="true">{n}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The family's review as both sides read it once it is theirs to read. */
function ReviewText({ review, title }: { review: FamilyReview; title: string }) {
  return (
    <div className="space-y-2 rounded border border-slate-200 p-3">
      <p className="text-sm font-semibold text-slate-800">{title}</p>
      <ul className="text-sm text-slate-700">
        {REVIEW_SCORES.map((score) => (
          <li key={score}>
            {reviewScoreLabel[score]}: {review.scores[score]} out of 5
          </li>
        ))}
      </ul>
      {review.text && <p className="text-sm whitespace-pre-wrap text-slate-800">{review.text}</p>}
    </div>
  );
}

/** What a review says in words, and its button: the end of both sides' forms. */
function ReviewWords(props: {
  label: string;
  hint: string;
  text: string;
  onText: (text: string) => void;
  busy: boolean;
}) {
  return (
    <>
      <TextArea
        label={props.label}
        hint={props.hint}
        value={props.text}
        onValue={props.onText}
        max={REVIEW_LIMITS.text}
      />
      <button type="submit" className="btn-primary" disabled={props.busy}>
        Submit Review
      </button>
    </>
  );
}

function FamilyReviewForm({ run, busy }: { run: Run; busy: boolean }) {
  const [scores, setScores] = useState<Partial<Record<ReviewScore, number>>>({});
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<ReviewScore[]>([]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const unscored = REVIEW_SCORES.filter((score) => scores[score] === undefined);
    setMissing(unscored);
    if (unscored.length > 0 || text.length > REVIEW_LIMITS.text) return;
    await run('review', { scores, text });
  }
  return (
    <form method="post" onSubmit={submit} className="space-y-3" noValidate>
      {REVIEW_SCORES.map((score) => (
        <ScoreField
          key={score}
          legend={reviewScoreLabel[score]}
          scale={reviewScoreScale[score]}
          value={scores[score] ?? null}
          onValue={(n) => {
            setScores((current) => ({ ...current, [score]: n }));
            setMissing((current) => current.filter((s) => s !== score));
          }}
          error={missing.includes(score) ? `Choose a score for ${reviewScoreLabel[score]}.` : undefined}
        />
      ))}
      <ReviewWords
        label="Your review (optional)"
        hint="Other families read it on your editor's profile, with your student's first name and grade."
        text={text}
        onText={setText}
        busy={busy}
      />
    </form>
  );
}

function EditorReviewForm({ run, busy }: { run: Run; busy: boolean }) {
  const [score, setScore] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(score === null);
    if (score === null || text.length > REVIEW_LIMITS.text) return;
    await run('review', { score, text });
  }
  return (
    <form method="post" onSubmit={submit} className="space-y-3" noValidate>
      <ScoreField
        legend="The family's collaboration"
        scale={reviewScoreScale.collaboration}
        value={score}
        onValue={(n) => {
          setScore(n);
          setMissing(false);
        }}
        error={missing ? "Choose a score for the family's collaboration." : undefined}
      />
      <ReviewWords
        label="Notes for our team (optional)"
        hint="Only our team reads this review."
        text={text}
        onText={setText}
        busy={busy}
      />
    </form>
  );
}

function ReplyForm({ run, busy }: { run: Run; busy: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(text.trim() ? undefined : 'Write your reply first.');
    if (!text.trim() || text.length > REVIEW_LIMITS.reply) return;
    await run('reply', { text });
  }
  return (
    <form method="post" onSubmit={submit} className="space-y-3" noValidate>
      <TextArea
        label="Your public reply"
        hint="Shown under the review on your profile. You can reply once."
        value={text}
        onValue={setText}
        max={REVIEW_LIMITS.reply}
        error={error}
        rows={3}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        Post Reply
      </button>
    </form>
  );
}

/**
 * The reviews of a final project, double-blind as the server answers them: each side writes once in
 * the window; the family's review shows to the editor once both are in or the window closed.
 */
export function ReviewSection({
  project,
  perspective,
  run,
  busy,
  heading: Heading,
  notice,
}: {
  project: ProjectView;
  perspective: Perspective;
  run: Run;
  busy: boolean;
  heading: 'h3' | 'h4';
  notice: StepNoticeValue;
}) {
  const reviews = project.reviews ?? {};
  const closesAt = project.reviewClosesAt;
  if (!closesAt && !project.reviews) return null;
  const when = closesAt ? formatDateTime(closesAt) : '';
  const canReview = project.actions.includes('review');
  const published = reviews.publishedAt ? `Published ${formatDateTime(reviews.publishedAt)}.` : null;
  return (
    <section className="space-y-3">
      <Heading className="text-lg font-bold text-navy-900">Review</Heading>
      <StepNotice notice={notice} />
      {perspective === 'customer' ? (
        <>
          {canReview && (
            <>
              <p className="text-sm text-slate-700">
                How did {project.editor.name} do? {reviewMessages.pending(when)}
              </p>
              <FamilyReviewForm run={run} busy={busy} />
            </>
          )}
          {reviews.family && (
            <>
              <ReviewText review={reviews.family} title="Your review" />
              <p className="text-sm text-slate-700">
                {reviews.hidden
                  ? `${reviews.publishedAt ? 'Taken off the site' : 'Not published'} by our team: ${reviews.hidden.reason}`
                  : reviews.held && awaitsTeam(reviews)
                    ? reviewMessages.heldForFamily(reviews.held.reasons)
                    : (published ?? reviewMessages.pending(when))}
              </p>
            </>
          )}
          {reviews.reply && !reviews.hidden && (
            <p className="text-sm whitespace-pre-wrap text-slate-800">
              {project.editor.name}'s reply: {reviews.reply.text}
            </p>
          )}
          {!canReview && !reviews.family && <p className="text-sm text-slate-700">The review window closed {when}.</p>}
        </>
      ) : (
        <>
          {canReview && (
            <>
              <p className="text-sm text-slate-700">
                Review the family's collaboration by {when}. You read their review once you have both reviewed, or that
                day.
              </p>
              <EditorReviewForm run={run} busy={busy} />
            </>
          )}
          {reviews.editor && (
            <p className="text-sm text-slate-700">
              Your review of the family (only our team reads it): {reviews.editor.score} out of 5.
            </p>
          )}
          {reviews.family ? (
            <>
              <ReviewText review={reviews.family} title="The family's review" />
              {project.actions.includes('reply') && <ReplyForm run={run} busy={busy} />}
              {reviews.reply && (
                <p className="text-sm whitespace-pre-wrap text-slate-800">Your reply: {reviews.reply.text}</p>
              )}
            </>
          ) : (
            <p className="text-sm text-slate-700">
              {reviews.held
                ? awaitsTeam(reviews)
                  ? reviewMessages.heldForEditor
                  : reviewMessages.notPublishedForEditor
                : canReview || reviews.editor
                  ? `The family's review shows here once you have both reviewed, or on ${when}.`
                  : 'The family did not review this project.'}
            </p>
          )}
        </>
      )}
    </section>
  );
}
