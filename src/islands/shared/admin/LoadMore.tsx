/** 'Showing n of m' (or 'Showing the newest n' while uncounted) and a 'Load more' button for a paged list (usePagedList). */
export function LoadMore({
  shown,
  total,
  hasMore,
  busy,
  onLoadMore,
}: {
  shown: number;
  total: number | null;
  hasMore: boolean;
  busy: boolean;
  onLoadMore: () => void;
}) {
  if (total === 0 || (shown === 0 && !hasMore)) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {total === null ? `Showing the newest ${shown}` : `Showing ${shown} of ${total}`}
      </p>
      {hasMore && (
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onLoadMore} disabled={busy}>
          {busy ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
