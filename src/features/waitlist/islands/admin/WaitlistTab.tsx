import { useCallback, useEffect, useState } from 'react';
import type { WaitlistCounts, WaitlistItem } from '#lib/admin-lists';
import type { Editor } from '#features/editors/editor-rules';
import { waitlistStatus } from '../../waitlist';
import {
  listEditors,
  removeWaitlistEntry,
  waitlistCounts,
  waitlistCsv,
  waitlistPage,
} from '../../../../islands/shared/admin/admin-api';
import { downloadFile } from '../../../../islands/shared/download-file';
import { Time } from '../../../../islands/shared/admin/Facts';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';

const entryKey = (entry: Pick<WaitlistItem, 'editorId' | 'email'>) => `${entry.editorId}/${entry.email}`;

function StatusBadge({ entry }: { entry: WaitlistItem }) {
  return entry.told ? (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
      {waitlistStatus(entry.told)} <Time iso={entry.told.at} />
    </span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
      {waitlistStatus(null)}
    </span>
  );
}

/** Which waitlist is shown: everyone's, or one editor's, with how many wait for each. */
function EditorChoice({
  editors,
  counts,
  value,
  onChange,
}: {
  editors: Editor[];
  counts: WaitlistCounts;
  value: string;
  onChange: (id: string) => void;
}) {
  const everyone = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="waitlist-editor" className="text-sm font-semibold text-slate-800">
        Editor
      </label>
      <select
        id="waitlist-editor"
        className="min-h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">All editors ({everyone})</option>
        {editors.map((editor) => (
          <option key={editor.id} value={editor.id}>
            {editor.name} ({counts[editor.id] ?? 0})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Who waits for a full editor (joined on /editors), in the order they joined, everyone's or one
 * editor's: when each was told the editor had room, or that they still wait. The admin removes an
 * entry or exports the list.
 */
export function WaitlistTab() {
  const [editorId, setEditorId] = useState('');
  // A new loader for each editor: the list starts again from its first page.
  const loadPage = useCallback((cursor: string | null) => waitlistPage(cursor, editorId || null), [editorId]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const [counts, setCounts] = useState<WaitlistCounts>({});
  const [editors, setEditors] = useState<Editor[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    // The choice of editor is extra: without it the whole list still shows.
    void waitlistCounts().then((result) => result.ok && setCounts(result.data));
    void listEditors().then((result) => result.ok && setEditors(result.data));
  }, []);

  async function remove(entry: WaitlistItem) {
    if (!window.confirm(`Remove ${entry.email} from the waitlist for ${entry.editorName}?`)) return;
    setRemoving(entryKey(entry));
    const result = await removeWaitlistEntry(entry);
    setRemoving(null);
    // Not found: someone removed it meanwhile, which is what the admin wanted too.
    if (!result.ok && result.status !== 404) return showToast('error', result.error);
    list.removeItem((item) => entryKey(item) === entryKey(entry));
    setCounts((c) => ({ ...c, [entry.editorId]: Math.max(0, (c[entry.editorId] ?? 1) - 1) }));
    showToast('success', `${entry.email} removed from the waitlist`);
  }

  async function exportCsv() {
    setExporting(true);
    const result = await waitlistCsv(editorId || null);
    setExporting(false);
    if (!result.ok) return showToast('error', 'Failed to export the waitlist');
    downloadFile(result.data.file, result.data.filename);
  }

  const chosen = editors.find((e) => e.id === editorId);
  return (
    <PagedSection
      id="waitlist"
      title="Waitlist"
      list={list}
      texts={{
        loading: 'Loading the waitlist...',
        failed: 'The waitlist could not be loaded.',
        empty: chosen ? `Nobody is waiting for ${chosen.name}.` : 'Nobody is on a waitlist.',
      }}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <EditorChoice editors={editors} counts={counts} value={editorId} onChange={setEditorId} />
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            onClick={() => void exportCsv()}
            disabled={list.total === 0 || exporting}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      }
      intro={
        <p className="text-sm text-slate-700">
          In the order they joined. When an editor's slots open, the first few waiting are e-mailed a link to reserve.
        </p>
      }
    >
      <ol
        aria-label={chosen ? `Waiting for ${chosen.name}` : 'Waiting for any editor'}
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {list.items.map((entry, i) => (
          <li key={entryKey(entry)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <span className="w-8 shrink-0 text-slate-600" aria-hidden="true">
              {i + 1}.
            </span>
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.email}</p>
              <p className="text-slate-700">
                {editorId ? '' : `${entry.editorName} · `}Joined <Time iso={entry.at} />
              </p>
            </div>
            {/* Status and action share a line: below the address on a phone, beside it on a desktop. */}
            <div className="flex basis-full items-center justify-between gap-3 pl-11 sm:basis-auto sm:pl-0">
              <StatusBadge entry={entry} />
              <button
                type="button"
                className="-mr-3 min-h-10 rounded-lg px-3 text-sm font-semibold text-navy-700 underline-offset-2 hover:bg-navy-50 hover:underline disabled:opacity-60"
                onClick={() => void remove(entry)}
                disabled={removing === entryKey(entry)}
                aria-label={`Remove ${entry.email} from the waitlist for ${entry.editorName}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
    </PagedSection>
  );
}
