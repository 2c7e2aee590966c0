import type { ReactNode } from 'react';
import { LoadMore } from './LoadMore';
import type { PagedList } from './usePagedList';

interface StatusTexts {
  loading: string;
  failed: string;
  empty: string;
}

/** What a list shows instead of items: loading, a failure with a retry, or that it is empty. */
function ListStatus({
  list,
  texts,
}: {
  list: Pick<PagedList<unknown>, 'status' | 'items' | 'hasMore' | 'reload'>;
  texts: StatusTexts;
}) {
  if (list.status === 'loading') return <p className="text-slate-700">{texts.loading}</p>;
  if (list.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">{texts.failed}</p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void list.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return list.items.length === 0 && !list.hasMore ? <p className="text-slate-700">{texts.empty}</p> : null;
}

/**
 * One tab of the admin area around a paged list (usePagedList): a heading with the count, optional
 * actions beside it, the list's state, the items (`children`, shown once there are some) and 'Load more'.
 */
export function PagedSection<T>({
  id,
  title,
  list,
  texts,
  actions,
  intro,
  children,
}: {
  id: string;
  title: string;
  list: PagedList<T>;
  texts: StatusTexts;
  actions?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-serif text-2xl font-bold text-navy-900">
          {title}
          {list.status === 'ready' && list.total !== null && ` (${list.total})`}
        </h2>
        {actions}
      </div>
      {intro}
      <ListStatus list={list} texts={texts} />
      {list.items.length > 0 && children}
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasMore}
        busy={list.loadingMore}
        onLoadMore={() => void list.loadMore()}
      />
    </section>
  );
}
