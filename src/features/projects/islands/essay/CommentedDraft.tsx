/**
 * A round's draft with the editor's comments in place: each passage highlighted, its comment beside
 * it, 'Previous comment' and 'Next comment' to go through them. The editor of the round being edited
 * chooses passages here, with a selection or with the keyboard, and comments on them; the family
 * marks comments done once the feedback is returned.
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Round } from '../../project';
import type { EssayBlock, EssayComment } from '#features/essay/essay';
import { anchorOf, commentNumbers, locate, type Located } from '#features/essay/essay-anchor';
import { COMMENT_LIMITS, commentLabels } from '#features/essay/essay-comments';
import { TextArea } from '../TextArea';
import { Beside, CommentCard, DoneMark, inRun, runs, type Run } from './CommentNotes';
import type { BlockMark } from './EssayBlockView';
import { EssayBlockView } from './EssayBlockView';
import { cursorPassage, moveCursor, selectedPassage, type WordCursor } from './passage';
import { type EssaySteps } from './reading';
import { sizeOf, useRunsShown } from './useRunsShown';

// Part of the page on a phone, comments under their passages; a box of its own beside them on a wide screen.
const REGION =
  'space-y-3 rounded-lg border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-navy-700 lg:max-h-[32rem] lg:overflow-y-auto';

/** A comment of the round, where it is in the draft (null: not found) and its number in reading order. */
type Placed = { comment: EssayComment; place: Located | null; n: number };

/** What a run's comment cards need besides their comments: who may do what, and the page's ids. */
type CardContext = {
  ids: { passage: (id: string) => string; card: (id: string) => string };
  can: (action: 'remove-comment' | 'mark-comment') => boolean;
  steps?: EssaySteps;
  returned: boolean;
  onRemoved: () => void;
};

/** One comment's card with its controls: 'Delete comment' for its editor, 'Done' for the family. */
function Card({ placed: { comment, n }, context }: { placed: Placed; context: CardContext }) {
  const { can, steps, ids } = context;
  return (
    <CommentCard comment={comment} n={n} id={ids.card(comment.id)}>
      {can('remove-comment') && (
        <button
          type="button"
          disabled={steps?.busy}
          onClick={async () => {
            if (await steps!.run('remove-comment', { commentId: comment.id })) context.onRemoved();
          }}
          className="min-h-11 text-sm font-semibold text-red-800 underline"
        >
          {commentLabels.remove}
        </button>
      )}
      {can('mark-comment') ? (
        <button
          type="button"
          aria-pressed={comment.doneAt !== null}
          disabled={steps?.busy}
          onClick={() => void steps!.run('mark-comment', { commentId: comment.id, done: comment.doneAt === null })}
          className="min-h-11 rounded-lg border border-green-800 px-3 text-sm font-semibold text-green-900 aria-pressed:bg-green-800 aria-pressed:text-white"
        >
          {comment.doneAt ? `✓ ${commentLabels.done}` : commentLabels.done}
        </button>
      ) : (
        context.returned && <DoneMark comment={comment} />
      )}
    </CommentCard>
  );
}

/**
 * One run of the draft with its passages highlighted and the first `notesShown` comments on them;
 * `chosen` is the passage being chosen when it is in this run. Rendered again only when its own part changes, so
 * each run added to the view costs only itself.
 */
const CommentedRun = memo(function CommentedRun({
  run,
  placed,
  notesShown,
  chosen,
  chosenId,
  context,
}: {
  run: Run<EssayBlock>;
  placed: Placed[];
  notesShown: number;
  chosen: Located | null;
  chosenId: string;
  context: CardContext;
}) {
  const marksOf = (i: number): BlockMark[] => [
    ...placed.flatMap(({ comment, place }) =>
      place?.block === i
        ? [
            {
              ...place,
              id: context.ids.passage(comment.id),
              className: comment.doneAt ? 'bg-green-100 text-inherit' : 'bg-amber-100 text-inherit',
            },
          ]
        : [],
    ),
    ...(chosen?.block === i
      ? [{ ...chosen, id: chosenId, className: 'bg-sky-200 text-inherit outline outline-2 outline-sky-700' }]
      : []),
  ];
  const views = run.items.map(([i, block]) => <EssayBlockView key={i} index={i} block={block} marks={marksOf(i)} />);
  const notes = placed
    .filter(({ place }) => inRun(run, place))
    .slice(0, notesShown)
    .map((p) => <Card key={p.comment.id} placed={p} context={context} />);
  return <Beside notes={notes}>{run.list ? <ul>{views}</ul> : views}</Beside>;
});

export const CommentedDraft = memo(function CommentedDraft({
  blocks,
  round,
  current,
  steps,
}: {
  blocks: EssayBlock[];
  round: Round;
  current: boolean;
  steps?: EssaySteps;
}) {
  const uid = useId();
  const can = (action: 'comment' | 'remove-comment' | 'mark-comment') => current && !!steps?.actions.includes(action);
  const commenting = can('comment');
  const region = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<Located | null>(null);
  const [cursor, setCursor] = useState<WordCursor | null>(null);
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  const [at, setAt] = useState(-1);

  // In reading order, each with the number it has in every view (commentNumbers).
  const placed = useMemo(() => {
    const comments = round.comments ?? [];
    const numbers = commentNumbers(comments, blocks);
    return comments
      .map((comment): Placed => ({ comment, place: locate(blocks, comment.anchor), n: numbers.get(comment.id)! }))
      .sort((a, b) => a.n - b.n);
  }, [round.comments, blocks]);
  const blockRuns = useMemo(() => runs(blocks), [blocks]);
  const {
    shown: runsShown,
    notes: notesShown,
    all: allShown,
    showAll,
  } = useRunsShown(blockRuns, (run) => sizeOf(run, (block) => block.text.length, placed));
  const chosenId = `${uid}-chosen`;

  // A selection made with a mouse or a finger; left alone while drawn (a highlight would undo it).
  useEffect(() => {
    if (!commenting) return;
    const onSelection = () => {
      const passage = region.current && selectedPassage(region.current, blocks);
      if (!passage || writing) return;
      setChosen(passage);
      setCursor(null);
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [commenting, blocks, writing]);

  const shown = chosen && (cursor !== null || writing);
  useEffect(() => {
    if (shown) document.getElementById(chosenId)?.scrollIntoView({ block: 'nearest' });
  }, [shown, chosen, chosenId]);

  const quoteOf = (p: Located) => blocks[p.block].text.slice(p.start, p.end);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!commenting || writing || e.target !== e.currentTarget) return;
    if (e.key === 'Enter' && chosen) {
      e.preventDefault();
      setWriting(true);
      return;
    }
    if (e.key === 'Escape' && chosen) {
      setChosen(null);
      setCursor(null);
      return;
    }
    const next = moveCursor(blocks, cursor, e.key, e.shiftKey);
    const passage = next && cursorPassage(blocks, next);
    if (!next || !passage) return;
    e.preventDefault();
    setCursor(next);
    setChosen(passage);
    setSaid(commentLabels.chosen(quoteOf(passage)));
  };

  const close = useCallback((message = '') => {
    setWriting(false);
    setText('');
    setChosen(null);
    setCursor(null);
    if (message) setSaid(message);
    region.current?.focus();
  }, []);
  const returned = !!round.returnedAt;
  const context = useMemo(
    (): CardContext => ({
      ids: { passage: (id) => `${uid}-passage-${id}`, card: (id) => `${uid}-comment-${id}` },
      can: (action) => current && !!steps?.actions.includes(action),
      steps,
      returned,
      onRemoved: () => close(commentLabels.removed),
    }),
    [uid, current, steps, returned, close],
  );

  const save = async () => {
    const anchor = chosen && anchorOf(blocks, chosen.block, chosen.start, chosen.end);
    if (!anchor || !steps || text.trim() === '' || text.length > COMMENT_LIMITS.text) return;
    if (await steps.run('comment', { anchor, text })) close(commentLabels.saved);
  };

  const go = (step: number) => {
    if (!allShown) showAll();
    const n = placed.length;
    const i = at === -1 ? (step > 0 ? 0 : n - 1) : (at + step + n) % n;
    setAt(i);
    const { comment } = placed[i];
    document.getElementById(context.ids.passage(comment.id))?.scrollIntoView({ block: 'center' });
    document.getElementById(context.ids.card(comment.id))?.focus({ preventScroll: true });
  };

  const unplaced = placed.filter(({ place }) => !place);
  const hintId = `${uid}-hint`;

  return (
    <div className="space-y-2">
      <p role="status" className="sr-only">
        {said}
      </p>
      {commenting && (
        <>
          <p id={hintId} className="text-sm text-slate-700">
            {commentLabels.hint}
          </p>
          <p className="text-sm font-semibold text-slate-700">{commentLabels.sentWithFeedback}</p>
        </>
      )}
      {placed.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-700">{commentLabels.heading(placed.length)}</p>
          <button type="button" onClick={() => go(-1)} className="btn-outline min-h-11 text-sm">
            {commentLabels.previous}
          </button>
          <button type="button" onClick={() => go(1)} className="btn-outline min-h-11 text-sm">
            {commentLabels.next}
          </button>
        </div>
      )}
      {commenting && chosen && !writing && (
        <button type="button" onClick={() => setWriting(true)} className="btn-primary">
          {commentLabels.choose}
        </button>
      )}
      {writing && chosen && (
        // Escape anywhere in the form cancels it, as in a dialog.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <form
          method="post"
          className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => e.key === 'Escape' && close()}
        >
          <TextArea
            label={commentLabels.field}
            hint={`“${quoteOf(chosen)}”`}
            value={text}
            onValue={setText}
            max={COMMENT_LIMITS.text}
            required
            // The comment is written as soon as the passage is chosen: focus goes where the typing goes.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className="btn-primary" disabled={steps?.busy || text.trim() === ''}>
              {commentLabels.save}
            </button>
            <button type="button" className="btn-outline" onClick={() => close()}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {/* The keys choose a passage inside the text, which is not editable: the region takes them. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={region}
        tabIndex={0}
        role="region"
        aria-label={`Draft ${round.n} text`}
        aria-describedby={commenting ? hintId : undefined}
        onKeyDown={onKeyDown}
        className={REGION}
      >
        {blockRuns.slice(0, runsShown).map((run, i) => (
          <CommentedRun
            key={run.items[0][0]}
            run={run}
            placed={placed}
            notesShown={notesShown(i)}
            chosen={shown && inRun(run, chosen) ? chosen : null}
            chosenId={chosenId}
            context={context}
          />
        ))}
        {allShown && unplaced.length > 0 && (
          <ul className="space-y-2">
            {unplaced.map((p) => (
              <Card key={p.comment.id} placed={p} context={context} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});
