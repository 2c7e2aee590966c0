import type { ReactNode } from 'react';

/** One labelled value in a `<dl>` of an admin card; an empty value reads as a dash. */
export function Fact({
  term,
  children,
  wide = false,
  className = '',
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-full' : ''} ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">
        {children === '' || children == null ? '—' : children}
      </dd>
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored ISO time as the admin reads it ('Mar 1, 2025, 9:30 AM'), machine-readable too. */
export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateTime.format(new Date(iso))}</time>;
}
