/**
 * A round's draft read in the page, loaded only once its 'Read draft' disclosure opens: its words
 * against the limit, then its text with the editor's comments in place, or, from the second round
 * on, the changes since the previous round. A draft not shown in the page says why; its original
 * stays downloadable beside this view.
 */
import { useState } from 'react';
import { changeLabels } from '../../../../lib/essay-comments';
import { draftViewMessages } from '../../../../lib/essay-limits';
import { ChangesView } from './ChangesView';
import { CommentedDraft } from './CommentedDraft';
import { DraftTextStatus, useDraftText } from './useDraftText';
import type { DraftReading } from './ReadDraft';
import { WordCount } from './WordCount';

export default function DraftReader({ projectId, round, previous, current, steps }: DraftReading) {
  const result = useDraftText(projectId, round.n);
  const [changes, setChanges] = useState(false);

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
          onClick={() => setChanges(!changes)}
          className="min-h-11 rounded-lg border border-navy-700 px-3 text-sm font-semibold text-navy-700 aria-pressed:bg-navy-700 aria-pressed:text-white"
        >
          {changeLabels.show(previous.n)}
        </button>
      )}
      {changes && previous ? (
        <ChangesView projectId={projectId} blocks={draft.blocks} previous={previous} />
      ) : (
        <CommentedDraft blocks={draft.blocks} round={round} current={current} steps={steps} />
      )}
    </div>
  );
}
