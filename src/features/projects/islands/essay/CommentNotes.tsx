/**
 * The pieces both views of a draft share: runs of blocks (list items together), a run laid out with
 * the comments on it beside it from 1024 px and under it on a phone, and one comment's card.
 */
import type { ReactNode } from 'react';
import type { EssayBlock, EssayComment } from '#features/essay/essay';
import { commentLabels } from '#features/essay/essay-comments';

/** A run of a draft's blocks shown together: list items in one list, or one other block; with each block's index. */
export type Run<B> = { list: boolean; items: [number, B][] };

/** Runs of list items, each run to be one list, and the other blocks one by one. */
export function runs<B extends { kind: EssayBlock['kind'] }>(blocks: B[]) {
  const found: Run<B>[] = [];
  blocks.forEach((block, i) => {
    const last = found.at(-1);
    if (block.kind === 'li' && last?.list) last.items.push([i, block]);
    else found.push({ list: block.kind === 'li', items: [[i, block]] });
  });
  return found;
}

/** Whether a comment found at `place` (null: not found) is on one of the run's blocks. */
export const inRun = <B,>(run: Run<B>, place: { block: number } | null) =>
  !!place && run.items.some(([i]) => i === place.block);

/** A run of the draft's text with the comments on its passages: beside it on a wide screen, under it on a phone. */
export function Beside({ children, notes }: { children: ReactNode; notes: ReactNode[] }) {
  return (
    <div className="gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_15rem]">
      <div className="space-y-3">{children}</div>
      {notes.length > 0 && <ul className="mt-2 space-y-2 lg:mt-0">{notes}</ul>}
    </div>
  );
}

/** A quote short enough to name a comment by. */
const short = (quote: string) => (quote.length > 60 ? `${quote.slice(0, 57).trimEnd()}…` : quote);

/** One comment: which passage, what it says, then its controls (delete, done) or its done mark. */
export function CommentCard({
  comment,
  n,
  id,
  children,
}: {
  comment: EssayComment;
  n: number;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <li
      id={id}
      tabIndex={id ? -1 : undefined}
      className={`space-y-1 rounded-lg border-l-4 p-2 text-sm ${comment.doneAt ? 'border-green-700 bg-green-50' : 'border-amber-500 bg-amber-50'}`}
    >
      <p className="font-semibold break-words text-slate-800">
        {commentLabels.numbered(n, short(comment.anchor.quote))}
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-800">{comment.text}</p>
      {children}
    </li>
  );
}

/** The family's done mark as the editor and our team see it: words, not only a colour. */
export const DoneMark = ({ comment }: { comment: EssayComment }) => (
  <p className="text-xs font-semibold text-slate-700">
    {comment.doneAt ? `✓ ${commentLabels.doneMark}` : commentLabels.notDone}
  </p>
);
