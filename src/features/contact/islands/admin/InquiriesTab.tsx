import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { INQUIRY_FILTERS, type InquiryFilter, type InquiryItem } from '#lib/admin-lists';
import { ANY_EDITOR, contactServiceLabel, majorLabel, turnaroundLabelById } from '#lib/contact';
import { inquiriesPage, setInquiryHandled } from '../../../../islands/shared/admin/admin-api';
import { Fact, Time } from '../../../../islands/shared/admin/Facts';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { searchParam } from '../../../../islands/shared/admin/url-filter';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';

// Loaded when our team first works on an inquiry: the list's first paint carries none of it.
const InquiryWorkPanel = lazy(() => import('./InquiryWorkPanel'));

const FILTER_LABELS: Record<InquiryFilter, string> = { all: 'All', open: 'Open', handled: 'Handled' };

/** 'All', 'Open', 'Handled' as one radio group: arrow keys move between them. */
function FilterChoice({ value, onChange }: { value: InquiryFilter; onChange: (filter: InquiryFilter) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
        Show
      </span>
      {INQUIRY_FILTERS.map((filter) => (
        <label
          key={filter}
          className="relative cursor-pointer rounded-full border border-navy-200 px-3 py-1.5 text-sm font-semibold text-navy-800 has-checked:border-navy-800 has-checked:bg-navy-800 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-navy-700"
        >
          <input
            type="radio"
            name="inquiry-filter"
            value={filter}
            checked={value === filter}
            onChange={() => onChange(filter)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          {FILTER_LABELS[filter]}
        </label>
      ))}
    </fieldset>
  );
}

function preferredEditor(item: InquiryItem) {
  if (item.preferredEditor === ANY_EDITOR.value) return ANY_EDITOR.label;
  return item.preferredEditorName ?? `${item.preferredEditor} (no longer listed)`;
}

/** Our team's notes and the replies mailed, oldest first. */
function WorkDone({ item }: { item: InquiryItem }) {
  if (item.work.length === 0) return null;
  return (
    <section aria-label={`Notes and replies (inquiry from ${item.parentName})`} className="mt-4 space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">Notes and replies</h4>
      <ol className="space-y-2">
        {item.work.map((work) => (
          <li key={work.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-semibold text-slate-800">
              {work.kind === 'reply' ? `Reply e-mailed to ${item.email}` : 'Note'} by {work.by} · <Time iso={work.at} />
            </p>
            <p className="mt-1 whitespace-pre-wrap text-slate-800">{work.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function InquiryCard({
  item,
  busy,
  onToggle,
  onChanged,
}: {
  item: InquiryItem;
  busy: boolean;
  onToggle: () => void;
  onChanged: (item: InquiryItem) => void;
}) {
  const headingId = `inquiry-${item.id}`;
  const [working, setWorking] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 shadow-sm sm:p-5 ${item.handled ? 'border-slate-200 bg-slate-50' : 'border-navy-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-lg font-bold break-words text-navy-900">
            {item.parentName}
          </h3>
          <p className="text-sm text-slate-700">
            Received <Time iso={item.receivedAt} />
          </p>
        </div>
        {item.handled ? (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
            Handled
            {item.handledAt && (
              <>
                {' '}
                · <Time iso={item.handledAt} />
              </>
            )}
          </span>
        ) : (
          <span className="rounded-full bg-beacon-300 px-2.5 py-0.5 text-xs font-semibold text-navy-900">Open</span>
        )}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Student">{item.studentInfo}</Fact>
        <Fact term="Intended major">{majorLabel(item.intendedMajor)}</Fact>
        <Fact term="Services">{item.services.map(contactServiceLabel).join(', ') || 'None chosen'}</Fact>
        <Fact term="Preferred editor">{preferredEditor(item)}</Fact>
        <Fact term="Turnaround">{turnaroundLabelById(item.turnaround)}</Fact>
        <Fact term="Email">
          <a href={`mailto:${item.email}`} className="font-semibold text-navy-700 underline">
            {item.email}
          </a>
        </Fact>
        <Fact term="Phone">{item.phone}</Fact>
        <Fact term="Looked after by">{item.owner ?? 'Nobody yet'}</Fact>
        <Fact term="Details" wide>
          <span className="whitespace-pre-wrap">{item.details}</span>
        </Fact>
      </dl>
      <WorkDone item={item} />
      {working && (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <InquiryWorkPanel
            item={item}
            onChanged={onChanged}
            onClose={() => {
              setWorking(false);
              requestAnimationFrame(() => openRef.current?.focus());
            }}
          />
        </Suspense>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        {!working && (
          <button
            ref={openRef}
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            onClick={() => setWorking(true)}
          >
            Reply or add a note
            <span className="sr-only"> (inquiry from {item.parentName})</span>
          </button>
        )}
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved. */}
        <button
          type="button"
          className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
          onClick={busy ? undefined : onToggle}
          aria-disabled={busy}
        >
          {item.handled ? 'Mark as open' : 'Mark handled'}
          <span className="sr-only"> (inquiry from {item.parentName})</span>
        </button>
      </div>
    </article>
  );
}

/**
 * Inquiries from the contact form, newest first, every field; our team replies by e-mail, keeps notes,
 * names who looks after each, and marks them handled.
 */
export function InquiriesTab() {
  // Opened from Today: the open ones, as its link says.
  const [filter, setFilter] = useState<InquiryFilter>(
    () => searchParam(location.search, 'status', INQUIRY_FILTERS) || 'all',
  );
  // A new loader for each filter: the list starts again from its first page.
  const loadPage = useCallback((cursor: string | null) => inquiriesPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const [changing, setChanging] = useState<string | null>(null);

  async function toggle(item: InquiryItem) {
    setChanging(item.id);
    const result = await setInquiryHandled(item.id, !item.handled);
    setChanging(null);
    if (!result.ok) return showToast('error', 'Failed to update inquiry');
    list.replaceItem((i) => i.id === item.id, result.data);
    showToast('success', result.data.handled ? 'Inquiry marked handled' : 'Inquiry marked open');
  }

  const shown = filter === 'all' ? '' : `${FILTER_LABELS[filter].toLowerCase()} `;
  return (
    <PagedSection
      id="inquiries"
      title="Inquiries"
      list={list}
      texts={{
        loading: 'Loading inquiries...',
        failed: 'The inquiries could not be loaded.',
        empty: `No ${shown}inquiries.`,
      }}
      actions={<FilterChoice value={filter} onChange={setFilter} />}
    >
      <ul aria-label="Inquiries" className="space-y-4">
        {list.items.map((item) => (
          <li key={item.id}>
            <InquiryCard
              item={item}
              busy={changing === item.id}
              onToggle={() => void toggle(item)}
              onChanged={(changed) => list.replaceItem((i) => i.id === changed.id, changed)}
            />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
