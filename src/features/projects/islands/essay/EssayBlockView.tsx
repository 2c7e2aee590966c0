import type { EssayBlock } from '#features/essay/essay';

/** A range of one block's text to highlight (a commented passage, a changed word), with its label. */
export type BlockMark = { start: number; end: number; className?: string; label?: string; id?: string };

const TAGS = { p: 'p', h: 'h4', li: 'li' } as const;

/**
 * One block of a draft as text, never markup: a paragraph, a heading or a list item, with the
 * marked ranges wrapped in <mark>. Marks are sorted here and overlapping ones are cut at the start
 * of the next, so callers may pass them in any order.
 */
export function EssayBlockView({
  block,
  marks = [],
  index,
}: {
  block: EssayBlock;
  marks?: BlockMark[];
  index?: number;
}) {
  const Tag = TAGS[block.kind];
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, mark.start);
    const end = Math.min(block.text.length, mark.end);
    if (end <= start) continue;
    if (start > at) parts.push(block.text.slice(at, start));
    parts.push(
      <mark key={start} id={mark.id} className={mark.className ?? 'bg-amber-100 text-inherit'} aria-label={mark.label}>
        {block.text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(block.text.slice(at));
  const style = block.kind === 'h' ? 'font-semibold text-navy-900' : block.kind === 'li' ? 'ml-5 list-disc' : '';
  // data-block: where a selection in the page finds the block it is in.
  return (
    <Tag data-block={index} className={`break-words text-slate-800 ${style}`}>
      {parts}
    </Tag>
  );
}
