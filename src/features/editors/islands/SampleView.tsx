/**
 * One sample edit as a family reads it: the passage with the commented words marked and each comment
 * beside it (under it on a phone), numbered in reading order: the pieces of the read-only draft view
 * families get with their feedback. Without hooks, so the build renders it into the profile page.
 */
import type { EssayComment } from '#features/essay/essay';
import { commentNumbers, locate } from '#features/essay/essay-anchor';
import { Beside, CommentCard, inRun, runs } from '../../projects/islands/essay/CommentNotes';
import { EssayBlockView } from '../../projects/islands/essay/EssayBlockView';
import { sampleTexts, type PublicSample } from '../samples';

/** A sample's comment in the shape the draft view's card reads (a sample's comments are never marked done). */
const asComment = (comment: PublicSample['comments'][number]): EssayComment => ({
  ...comment,
  round: 0,
  createdAt: '',
  doneAt: null,
});

export function SampleView({ sample, headingLevel = 3 }: { sample: PublicSample; headingLevel?: 3 | 4 }) {
  const { blocks } = sample;
  const numbers = commentNumbers(sample.comments, blocks);
  const placed = sample.comments
    .map((comment) => ({
      comment: asComment(comment),
      place: locate(blocks, comment.anchor),
      n: numbers.get(comment.id)!,
    }))
    .sort((a, b) => a.n - b.n);
  const titleId = `sample-${sample.id}`;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-navy-100 bg-white p-4">
      <div>
        <Heading id={titleId} className="font-serif text-xl font-bold text-navy-900">
          {sample.title}
        </Heading>
        <p className="text-sm text-slate-700">
          {sample.source === 'own' ? sampleTexts.ownWriting : sampleTexts.fromFamily}
        </p>
      </div>
      <div className="space-y-3">
        {runs(blocks).map((run) => {
          const views = run.items.map(([i, block]) => (
            <EssayBlockView
              key={i}
              block={block}
              marks={placed.flatMap(({ place }) => (place?.block === i ? [place] : []))}
            />
          ));
          const notes = placed
            .filter(({ place }) => inRun(run, place))
            .map(({ comment, n }) => <CommentCard key={comment.id} comment={comment} n={n} />);
          return (
            <Beside key={run.items[0][0]} notes={notes}>
              {run.list ? <ul>{views}</ul> : views}
            </Beside>
          );
        })}
      </div>
    </article>
  );
}
