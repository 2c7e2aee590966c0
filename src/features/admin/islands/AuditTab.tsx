import { useCallback, useId, useState } from 'react';
import type { AuditFields, AuditItem } from '#lib/audit';
import { auditActionWords, auditSubjectWords } from '../audit-words';
import { auditPage, type AuditQuery } from '../../../islands/shared/admin/admin-api';
import { DayField, FilterForm, FilterSelect, TextFilter } from '../../../islands/shared/admin/FilterBar';
import { Time } from '../../../islands/shared/admin/Facts';
import { PagedSection } from '../../../islands/shared/admin/PagedSection';
import { toastFetchFailed } from '../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../islands/shared/admin/usePagedList';

const shown = (value: AuditFields[string] | undefined) =>
  value === undefined || value === null || value === '' ? '—' : String(value);

/** Each changed field as 'field: before → after'; a creation or a deletion has one side only. */
function Changes({ entry }: { entry: AuditItem }) {
  const fields = Object.keys(entry.after ?? entry.before ?? {});
  if (fields.length === 0) return null;
  return (
    <ul aria-label="Changes" className="mt-3 space-y-1 text-sm text-slate-900">
      {fields.map((field) => (
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="font-semibold">{field}:</span>{' '}
          {entry.before && (
            <>
              {shown(entry.before[field])} <span aria-label="changed to">→</span>{' '}
            </>
          )}
          {entry.after ? shown(entry.after[field]) : <span className="text-slate-600">(removed)</span>}
        </li>
      ))}
    </ul>
  );
}

function AuditEntry({ entry, onSubject }: { entry: AuditItem; onSubject: (id: string) => void }) {
  const headingId = `audit-${entry.id}`;
  // Named by what it is where the server knows ('Inquiry from Riley Brooks'), else by its kind and id.
  const subject = entry.subjectName ?? `${auditSubjectWords[entry.subject.kind]} ${entry.subject.id}`.trim();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-serif text-lg font-bold text-navy-900">
          {entry.label}
        </h3>
        {!entry.confirmed && (
          <span
            className="rounded-full bg-beacon-300 px-2.5 py-0.5 text-xs font-semibold text-navy-900"
            title="Asked for, but its outcome could not be recorded: check the subject"
          >
            Not confirmed
          </span>
        )}
      </div>
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
        <Time iso={entry.at} /> · by {entry.by}
      </p>
      <p className="mt-1 text-sm text-slate-900 [overflow-wrap:anywhere]">
        {subject}
        {entry.subject.id && (
          <>
            {' '}
            <button
              type="button"
              className="min-h-10 rounded px-1 font-semibold text-navy-700 underline underline-offset-2"
              onClick={() => onSubject(entry.subject.id)}
            >
              Only this<span className="sr-only">: entries about {subject}</span>
            </button>
          </>
        )}
      </p>
      <Changes entry={entry} />
    </article>
  );
}

const NO_FILTER: AuditQuery = { subject: '', action: '', admin: '', day: '' };
const ACTIONS = Object.entries(auditActionWords)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** What the filters leave shown, as the empty list says it. */
function nothingText(filter: AuditQuery): string {
  if (filter === NO_FILTER || Object.values(filter).every((value) => value === ''))
    return 'No admin actions recorded yet.';
  if (filter.subject && !filter.action && !filter.admin && !filter.day)
    return `Nothing recorded about ${filter.subject}.`;
  return 'No entries match these filters.';
}

/**
 * Who did what in the admin area, newest first: every change with its fields before and after;
 * filtered by what it was about, the action, the admin and the day.
 */
export function AuditTab() {
  const id = useId();
  const [filter, setFilter] = useState<AuditQuery>(NO_FILTER);
  const [typed, setTyped] = useState<AuditQuery>(NO_FILTER);
  const loadPage = useCallback((cursor: string | null) => auditPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const show = (next: AuditQuery) => {
    setTyped(next);
    setFilter({ ...next, subject: next.subject.trim(), admin: next.admin.trim() });
  };
  const filtered = Object.values(filter).some((value) => value !== '');

  return (
    <PagedSection
      id="audit"
      title="Audit log"
      list={list}
      texts={{
        loading: 'Loading the audit log...',
        failed: 'The audit log could not be loaded.',
        empty: nothingText(filter),
      }}
      intro={
        <FilterForm
          label="Audit log"
          filtered={filtered}
          onShow={() => show(typed)}
          onShowAll={() => show(NO_FILTER)}
          firstId="audit-subject"
        >
          <TextFilter
            id="audit-subject"
            label="Only about (an editor, order, project, consult id or an address)"
            type="search"
            value={typed.subject}
            onChange={(subject) => setTyped({ ...typed, subject })}
            maxLength={300}
            width="sm:w-80"
          />
          <FilterSelect
            id={`${id}-action`}
            label="Action"
            all="All actions"
            options={ACTIONS}
            value={typed.action}
            onChange={(action) => setTyped({ ...typed, action })}
          />
          <TextFilter
            id={`${id}-admin`}
            label="By (an admin’s e-mail)"
            type="email"
            value={typed.admin}
            onChange={(admin) => setTyped({ ...typed, admin })}
            maxLength={254}
            width="sm:w-64"
          />
          <DayField
            id={`${id}-day`}
            label="On (New York time)"
            value={typed.day}
            onChange={(day) => setTyped({ ...typed, day })}
          />
        </FilterForm>
      }
    >
      <ul aria-label="Audit log entries" className="space-y-4">
        {list.items.map((entry) => (
          <li key={entry.id}>
            <AuditEntry entry={entry} onSubject={(subject) => show({ ...NO_FILTER, subject })} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
