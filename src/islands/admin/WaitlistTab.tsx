import { useEffect, useState } from 'react';
import type { WaitlistCounts } from '../../lib/admin-lists';
import { waitlistCounts, waitlistPage } from './admin-api';
import { Time } from './Facts';
import { PagedSection } from './PagedSection';
import { toastFetchFailed } from './toasts';
import { usePagedList } from './usePagedList';
import { groupByEditor } from './waitlist-groups';

/** Who waits for a full editor (joined on /editors), grouped by editor, with when they joined. */
export function WaitlistTab() {
  const list = usePagedList(waitlistPage, toastFetchFailed);
  const [counts, setCounts] = useState<WaitlistCounts>({});
  useEffect(() => {
    void waitlistCounts().then((result) => result.ok && setCounts(result.data));
  }, []);

  return (
    <PagedSection id="waitlist" title="Waitlist" list={list} texts={{ loading: 'Loading the waitlist...', failed: 'The waitlist could not be loaded.', empty: 'Nobody is on a waitlist.' }}>
      {groupByEditor(list.items).map((group) => {
        const headingId = `waitlist-${group.editorId}`;
        return (
          <section key={group.editorId} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <h3 id={headingId} className="font-serif text-lg font-bold text-navy-900">
                {group.editorName}
              </h3>
              <p className="text-sm font-semibold text-slate-700">{counts[group.editorId] ?? group.entries.length} waiting</p>
            </div>
            <ul aria-label={`Waiting for ${group.editorName}`} className="mt-2 divide-y divide-slate-200">
              {group.entries.map((entry) => (
                <li key={entry.email} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                  <span className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{entry.email}</span>
                  <span className="text-slate-700">
                    Joined <Time iso={entry.at} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </PagedSection>
  );
}
