import { useCallback, useState, type FormEvent } from 'react';
import type { AuditFields, AuditItem } from '#lib/audit';
import { auditSubjectWords } from '../audit-words';
import { auditPage } from '../../../islands/shared/admin/admin-api';
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
  const subject = `${auditSubjectWords[entry.subject.kind]} ${entry.subject.id}`.trim();
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

/** Who did what in the admin area, newest first: every change with its fields before and after. */
export function AuditTab() {
  const [subject, setSubject] = useState('');
  const [typed, setTyped] = useState('');
  const loadPage = useCallback((cursor: string | null) => auditPage(cursor, subject), [subject]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const filter = (id: string) => {
    setTyped(id);
    setSubject(id.trim());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    filter(typed);
  };

  return (
    <PagedSection
      id="audit"
      title="Audit log"
      list={list}
      texts={{
        loading: 'Loading the audit log...',
        failed: 'The audit log could not be loaded.',
        empty: subject ? `Nothing recorded about ${subject}.` : 'No admin actions recorded yet.',
      }}
      intro={
        <form
          method="post"
          role="search"
          aria-label="Audit log"
          onSubmit={onSubmit}
          className="flex flex-wrap items-end gap-2"
        >
          <div className="min-w-0 grow sm:grow-0">
            <label htmlFor="audit-subject" className="block text-sm font-semibold text-slate-700">
              Only about (an editor, order, project, consult id or an address)
            </label>
            <input
              id="audit-subject"
              type="search"
              className="input w-full sm:w-80"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={300}
            />
          </div>
          <button type="submit" className="btn-primary min-h-11 px-4 py-1.5 text-sm">
            Show
          </button>
          {subject && (
            <button type="button" className="btn-outline min-h-11 px-4 py-1.5 text-sm" onClick={() => filter('')}>
              Show all
            </button>
          )}
        </form>
      }
    >
      <ul aria-label="Audit log entries" className="space-y-4">
        {list.items.map((entry) => (
          <li key={entry.id}>
            <AuditEntry entry={entry} onSubject={filter} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
