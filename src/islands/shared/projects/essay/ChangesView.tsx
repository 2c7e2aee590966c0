/**
 * 'Changes since round N': the draft with the words added and removed since the previous round's,
 * marked in words as well as in colour, the summary line, and the previous round's comments beside
 * their passages where those are still in the draft, else listed as on text since removed.
 */
import { useId, useMemo } from 'react';
import type { Round } from '../../../../lib/delivery';
import type { EssayBlock } from '../../../../lib/essay';
import { locate } from '../../../../lib/essay-anchor';
import { changeLabels, commentLabels } from '../../../../lib/essay-comments';
import { changeSummaryLabel, diffDrafts, summariseChanges, type ChangedBlock } from '../../../../lib/essay-diff';
import { draftViewMessages } from '../../../../lib/essay-limits';
import { Beside, CommentCard, DoneMark, runs } from './CommentNotes';
import { DraftTextStatus, useDraftText } from './useDraftText';

const TAGS = { p: 'p', h: 'h4', li: 'li' } as const;

function ChangedBlockView({ block }: { block: ChangedBlock }) {
  const Tag = TAGS[block.kind];
  const style = block.kind === 'h' ? 'font-semibold text-navy-900' : block.kind === 'li' ? 'ml-5 list-disc' : '';
  return (
    <Tag className={`break-words text-slate-800 ${style}`}>
      {block.segments.map(({ kind, text }, i) =>
        kind === 'added' ? (
          <ins key={i} className="bg-green-100 text-green-950 underline decoration-2">
            <span className="sr-only">{changeLabels.added}</span>
            {text}
          </ins>
        ) : kind === 'removed' ? (
          <del key={i} className="mr-0.5 bg-red-50 text-red-900 line-through">
            <span className="sr-only">{changeLabels.removed}</span>
            {text}
          </del>
        ) : (
          <span key={i}>{text}</span>
        ),
      )}
    </Tag>
  );
}

export function ChangesView({
  projectId,
  blocks,
  previous,
}: {
  projectId: string;
  blocks: EssayBlock[];
  previous: Round;
}) {
  const goneId = useId();
  const result = useDraftText(projectId, previous.n);
  const before = result?.ok && result.data.status === 'ready' ? result.data.blocks : null;
  const changes = useMemo(() => before && diffDrafts(before, blocks), [before, blocks]);

  if (!result?.ok) return <DraftTextStatus result={result} />;
  if (!changes) return <p className="text-sm text-slate-700">{draftViewMessages.noChanges}</p>;

  const comments = previous.comments ?? [];
  const placed = comments.map((comment, i) => ({ comment, n: i + 1, place: locate(blocks, comment.anchor) }));
  const gone = placed.filter(({ place }) => !place);
  const card = ({ comment, n }: (typeof placed)[number], note?: string) => (
    <CommentCard key={comment.id} comment={comment} n={n}>
      {note && <p className="text-xs font-semibold text-slate-700">({note})</p>}
      <DoneMark comment={comment} />
    </CommentCard>
  );
  return (
    <div className="space-y-2">
      <p role="status" className="font-semibold text-navy-900">
        {changeSummaryLabel(summariseChanges(changes, comments))}
      </p>
      <p className="text-sm text-slate-700">{changeLabels.legend}</p>
      <div
        tabIndex={0}
        role="region"
        aria-label={changeLabels.show(previous.n)}
        className="max-h-[32rem] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3"
      >
        {runs(changes.blocks).map(({ list, items }) => {
          const views = items.map(([i, block]) => <ChangedBlockView key={i} block={block} />);
          const notes = placed
            .filter(({ place }) => place && items.some(([i]) => i === place.block))
            .map((p) => card(p));
          return (
            <Beside key={items[0][0]} notes={notes}>
              {list ? <ul>{views}</ul> : views}
            </Beside>
          );
        })}
      </div>
      {gone.length > 0 && (
        <div className="space-y-2">
          <p id={goneId} className="font-semibold text-slate-800">
            {commentLabels.sinceRemovedHeading}
          </p>
          <ul aria-labelledby={goneId} className="space-y-2">
            {gone.map((p) => card(p, commentLabels.sinceRemoved))}
          </ul>
        </div>
      )}
    </div>
  );
}
