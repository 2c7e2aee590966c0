/**
 * A round's draft read in the page, loaded only once its 'Read draft' disclosure opens: its words
 * against the limit, then its text with the editor's comments in place, or, from the second round
 * on, the changes since the previous round. A draft not shown in the page says why; its original
 * stays downloadable beside this view.
 */
import { useEffect, useState } from 'react';
import { changeLabels } from '#features/essay/essay-comments';
import { draftViewMessages } from '#features/essay/essay-limits';
import { ChangesView, usePreparedChanges } from './ChangesView';
import { CommentedDraft } from './CommentedDraft';
import { DraftTextStatus, useDraftText } from './useDraftText';
import { type DraftReading } from './reading';
import { whenIdle } from './whenIdle';
import { WordCount } from './WordCount';

export default function DraftReader({ projectId, round, previous, current, steps }: DraftReading) {
  const result = useDraftText(projectId, round.n);
  const [changes, setChanges] = useState(false);
  const blocks = result?.ok && result.data.status === 'ready' ? result.data.blocks : null;
  const prepared = usePreparedChanges(projectId, previous, blocks, changes);
  // The changes, made ready while the page is idle, are laid out in a box of no height, invisible
  // (so out of reach of keys and screen readers); the draft view is set aside on the switch and
  // taken out of the page once idle. The press then only shows one and sets the other aside: no
  // layout of the changes, no restyling or tearing down of the draft.
  const [draftGone, setDraftGone] = useState(false);
  useEffect(() => (changes ? whenIdle(() => setDraftGone(true)) : undefined), [changes]);

  if (!result?.ok) return <DraftTextStatus result={result} />;
  const draft = result.data;
  if (draft.status !== 'ready') {
    const plain =
      draft.source === 'link'
        ? draftViewMessages.link
        : draftViewMessages[draft.status === 'unreadable' ? 'unreadable' : 'downloadOnly'];
    return (
      <p className="text-sm text-slate-700">
        {plain} {draft.reason}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <WordCount words={draft.words} limit={draft.wordLimit} />
      {previous && (
        <button
          type="button"
          aria-pressed={changes}
          onClick={() => {
            // A previous text that failed to load is asked for again as the changes are opened.
            if (!changes && prepared.result?.ok === false) prepared.retry();
            setChanges(!changes);
            setDraftGone(false);
          }}
          className="min-h-11 rounded-lg border border-navy-700 px-3 text-sm font-semibold text-navy-700 aria-pressed:bg-navy-700 aria-pressed:text-white"
        >
          {changeLabels.show(previous.n)}
        </button>
      )}
      <div>
        {previous && (changes || prepared.changes) && (
          <div className={changes ? undefined : 'invisible h-0 overflow-hidden'}>
            <ChangesView prepared={prepared} blocks={draft.blocks} previous={previous} shown={changes} />
          </div>
        )}
        {!(changes && draftGone) && (
          <div className={changes ? 'set-aside' : undefined}>
            <CommentedDraft blocks={draft.blocks} round={round} current={current} steps={steps} />
          </div>
        )}
      </div>
    </div>
  );
}
