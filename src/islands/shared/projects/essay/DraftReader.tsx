/**
 * A round's draft read in the page, loaded only once its 'Read draft' disclosure opens: its words
 * against the limit, then its blocks as text. A draft not shown in the page says why; its original
 * stays downloadable beside this view.
 */
import { useEffect, useState } from 'react';
import type { ApiResult } from '../../../../client/api';
import type { DraftText, EssayBlock } from '../../../../lib/essay';
import { draftViewMessages } from '../../../../lib/essay-limits';
import { getDraftText } from './draft-api';
import { EssayBlockView } from './EssayBlockView';
import { WordCount } from './WordCount';

/** Runs of list items, each run to be one list, and the other blocks one by one; with each block's index. */
function runs(blocks: EssayBlock[]) {
  const found: { list: boolean; items: [number, EssayBlock][] }[] = [];
  blocks.forEach((block, i) => {
    const last = found.at(-1);
    if (block.kind === 'li' && last?.list) last.items.push([i, block]);
    else found.push({ list: block.kind === 'li', items: [[i, block]] });
  });
  return found;
}

export default function DraftReader({ projectId, round }: { projectId: string; round: number }) {
  const [result, setResult] = useState<ApiResult<DraftText> | null>(null);
  useEffect(() => {
    let live = true;
    void getDraftText(projectId, round).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [projectId, round]);

  if (!result)
    return (
      <p role="status" className="text-sm text-slate-700">
        {draftViewMessages.loading}
      </p>
    );
  if (!result.ok)
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {result.error}
      </p>
    );
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
      <div
        tabIndex={0}
        role="region"
        aria-label={`Draft ${round} text`}
        className="max-h-[32rem] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3"
      >
        {runs(draft.blocks).map(({ list, items }) => {
          const views = items.map(([i, block]) => <EssayBlockView key={i} block={block} />);
          return list ? <ul key={items[0][0]}>{views}</ul> : views;
        })}
      </div>
    </div>
  );
}
