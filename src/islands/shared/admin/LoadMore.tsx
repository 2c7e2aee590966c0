/** 'Showing n of m' and a 'Load more' button for a paged list (usePagedList). */
export function LoadMore({
  shown,
  total,
  hasMore,
  busy,
  onLoadMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  busy: boolean;
  onLoadMore: () => void;
}) {
  if (total === 0 || (shown === 0 && !hasMore)) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        Showing {shown} of {total}
      </p>
      {hasMore && (
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onLoadMore} disabled={busy}>
          {busy ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
