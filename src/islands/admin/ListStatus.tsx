/** What a paged admin list shows instead of items: loading, a failure with a retry, or that it is empty. */
export function ListStatus({
  list,
  loading,
  failed,
  empty,
}: {
  list: { status: 'loading' | 'ready' | 'failed'; total: number; reload: () => Promise<void> };
  loading: string;
  failed: string;
  empty: string;
}) {
  if (list.status === 'loading') return <p className="text-slate-700">{loading}</p>;
  if (list.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">{failed}</p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void list.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return list.total === 0 ? <p className="text-slate-700">{empty}</p> : null;
}
