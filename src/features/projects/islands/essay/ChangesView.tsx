/**
 * 'Changes since round N': the draft with the words added and removed since the previous round's,
 * marked in words as well as in colour, the summary line, and the previous round's comments beside
 * their passages where those are still in the draft, else listed as on text since removed.
 */
import { memo, useEffect, useId, useMemo, useState } from 'react';
import type { ApiResult } from '#client/api';
import type { Round } from '../../project';
import type { DraftText, EssayBlock, EssayComment } from '#features/essay/essay';
import { commentNumbers, locate, type Located } from '#features/essay/essay-anchor';
import { changeLabels, commentLabels } from '#features/essay/essay-comments';
import {
  changeSummaryLabel,
  diffDrafts,
  summariseChanges,
  type ChangedBlock,
  type DraftChanges,
} from '#features/essay/essay-diff';
import { draftViewMessages } from '#features/essay/essay-limits';
import { Beside, CommentCard, DoneMark, inRun, runs, type Run } from './CommentNotes';
import { DraftTextStatus, useDraftText } from './useDraftText';
import { sizeOf, useRunsShown } from './useRunsShown';
import { whenIdle } from './whenIdle';

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
          text
        ),
      )}
    </Tag>
  );
}

type Placed = { comment: EssayComment; n: number; place: Located | null };

/** A previous round's comment as the changes view shows it: its done mark, and why it is listed apart. */
function PreviousComment({ placed: { comment, n }, note }: { placed: Placed; note?: string }) {
  return (
    <CommentCard comment={comment} n={n}>
      {note && <p className="text-xs font-semibold text-slate-700">({note})</p>}
      <DoneMark comment={comment} />
    </CommentCard>
  );
}

/** One run of the changed draft with the first `notesShown` of the previous round's comments on it. */
const ChangedRun = memo(function ChangedRun({
  run,
  placed,
  notesShown,
}: {
  run: Run<ChangedBlock>;
  placed: Placed[];
  notesShown: number;
}) {
  const { list, items } = run;
  const views = items.map(([i, block]) => <ChangedBlockView key={i} block={block} />);
  const notes = placed
    .filter(({ place }) => inRun(run, place))
    .slice(0, notesShown)
    .map((p) => <PreviousComment key={p.comment.id} placed={p} />);
  return <Beside notes={notes}>{list ? <ul>{views}</ul> : views}</Beside>;
});

const segmentChars = (block: ChangedBlock) => block.segments.reduce((chars, { text }) => chars + text.length, 0);

/** The changes once both drafts are in: the summary, then the draft's runs as useRunsShown lets them in. */
function Changes({
  changes,
  blocks,
  before,
  previous,
  shown: onScreen,
}: {
  changes: DraftChanges;
  blocks: EssayBlock[];
  /** The previous round's draft, where its comments were made: their numbers come from it. */
  before: EssayBlock[];
  previous: Round;
  shown: boolean;
}) {
  const goneId = useId();
  const changedRuns = useMemo(() => runs(changes.blocks), [changes]);
  const comments = useMemo(() => previous.comments ?? [], [previous]);
  const placed = useMemo(() => {
    const numbers = commentNumbers(comments, before);
    return comments.map((comment) => ({ comment, n: numbers.get(comment.id)!, place: locate(blocks, comment.anchor) }));
  }, [comments, blocks, before]);
  const { shown, notes, all } = useRunsShown(changedRuns, (run) => sizeOf(run, segmentChars, placed), onScreen);
  const gone = placed.filter(({ place }) => !place);
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
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 lg:max-h-[32rem] lg:overflow-y-auto"
      >
        {changedRuns.slice(0, shown).map((run, i) => (
          <ChangedRun key={run.items[0][0]} run={run} placed={placed} notesShown={notes(i)} />
        ))}
      </div>
      {all && gone.length > 0 && (
        <div className="space-y-2">
          <p id={goneId} className="font-semibold text-slate-800">
            {commentLabels.sinceRemovedHeading}
          </p>
          <ul aria-labelledby={goneId} className="space-y-2">
            {gone.map((p) => (
              <PreviousComment key={p.comment.id} placed={p} note={commentLabels.sinceRemoved} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The previous round's text and the changes since it, as usePreparedChanges has them so far;
 * `retry` asks for the text again after a failed answer.
 */
export type PreparedChanges = {
  result: ApiResult<DraftText> | null;
  changes: DraftChanges | null;
  retry: () => void;
};

/**
 * The changes since the previous round, made ready before anyone asks: once the new draft is on
 * screen and the page is idle, the previous round's text is fetched and compared, so pressing
 * 'Changes since round N' only draws them. Asked for sooner (`wanted`), they are made at once.
 */
export function usePreparedChanges(
  projectId: string,
  previous: Round | undefined,
  blocks: EssayBlock[] | null,
  wanted: boolean,
): PreparedChanges {
  const [idle, setIdle] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => (previous && blocks ? whenIdle(() => setIdle(true)) : undefined), [previous, blocks]);
  const result = useDraftText(projectId, previous && (idle || wanted) ? previous.n : null, attempt);
  const before = result?.ok && result.data.status === 'ready' ? result.data.blocks : null;
  const [made, setMade] = useState<{ before: EssayBlock[]; after: EssayBlock[]; changes: DraftChanges } | null>(null);
  const ready = made && made.before === before && made.after === blocks ? made.changes : null;
  useEffect(() => {
    if (!before || !blocks || ready || wanted) return;
    return whenIdle(() => setMade({ before, after: blocks, changes: diffDrafts(before, blocks) }));
  }, [before, blocks, ready, wanted]);
  // Asked for before the page was idle: made now, as the view is drawn.
  const now = useMemo(
    () => (!ready && wanted && before && blocks ? diffDrafts(before, blocks) : null),
    [ready, wanted, before, blocks],
  );
  return { result, changes: ready ?? now, retry: () => setAttempt((n) => n + 1) };
}

/**
 * 'Changes since round N': while the previous text or the comparison is on its way, says so. Made
 * ready before it is `shown`, it holds its first screen and draws the rest once shown.
 */
export function ChangesView({
  prepared: { result, changes },
  blocks,
  previous,
  shown,
}: {
  prepared: PreparedChanges;
  blocks: EssayBlock[];
  previous: Round;
  shown: boolean;
}) {
  if (!result?.ok) return <DraftTextStatus result={result} />;
  if (result.data.status !== 'ready') return <p className="text-sm text-slate-700">{draftViewMessages.noChanges}</p>;
  if (!changes) return <DraftTextStatus result={null} />;
  return <Changes changes={changes} blocks={blocks} before={result.data.blocks} previous={previous} shown={shown} />;
}
