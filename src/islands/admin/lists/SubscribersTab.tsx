import { useState } from 'react';
import { messages } from '../../../lib/messages';
import type { EmailSubscriber } from '../../../lib/schemas';
import { allSubscribers, setSubscriberEnabled, subscribersCsv, subscribersPage } from '../admin-api';
import { downloadFile } from '../../shared/download-file';
import { copyText } from '../clipboard';
import { PagedSection } from './PagedSection';
import { showToast, toastFetchFailed } from '../toasts';
import { usePagedList } from './usePagedList';

/** The active addresses, one per line, fetched when asked for (the list on screen may be one page). */
async function activeAddresses(): Promise<string> {
  const result = await allSubscribers();
  if (!result.ok) throw new Error(result.error);
  return result.data
    .filter((s) => s.enabled)
    .map((s) => s.id)
    .join('\n');
}

function StatusBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">Active</span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Inactive</span>
  );
}

/**
 * Email Subscribers: the count, 'Copy All Emails', a scrollable list with Active and
 * Inactive badges, a CSV export and deactivate/reactivate. If the list does not load, the rest of
 * the dashboard keeps working.
 */
export function SubscribersTab() {
  const list = usePagedList(subscribersPage, toastFetchFailed);
  const [changing, setChanging] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const empty = list.status === 'ready' && list.total === 0;

  async function copyAll() {
    try {
      await copyText(activeAddresses());
      showToast('success', messages.emailsCopied);
    } catch {
      showToast('error', messages.emailsCopyFailed);
    }
  }

  async function exportCsv() {
    setExporting(true);
    const result = await subscribersCsv();
    setExporting(false);
    if (!result.ok) return showToast('error', 'Failed to export subscribers');
    downloadFile(result.data.file, result.data.filename);
  }

  async function setEnabled(subscriber: EmailSubscriber, enabled: boolean) {
    setChanging(subscriber.id);
    const result = await setSubscriberEnabled(subscriber.id, enabled);
    setChanging(null);
    if (!result.ok) return showToast('error', 'Failed to update subscriber');
    list.replaceItem((s) => s.id === subscriber.id, result.data);
    showToast('success', enabled ? 'Subscriber reactivated' : 'Subscriber deactivated');
  }

  return (
    <PagedSection
      id="subscribers"
      title="Email Subscribers"
      list={list}
      texts={{
        loading: 'Loading subscribers...',
        failed: 'The subscriber list could not be loaded.',
        empty: 'No email subscribers found.',
      }}
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => void copyAll()} disabled={empty}>
            Copy All Emails
          </button>
          <button type="button" className="btn-outline" onClick={() => void exportCsv()} disabled={empty || exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      }
    >
      {/* Focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      <ul
        tabIndex={0}
        aria-label="Subscribers"
        className="max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 bg-white"
      >
        {list.items.map((subscriber) => (
          <li key={subscriber.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
            <span className="min-w-0 basis-full text-slate-900 [overflow-wrap:anywhere] sm:flex-1 sm:basis-auto">
              {subscriber.id}
            </span>
            <StatusBadge enabled={subscriber.enabled} />
            <button
              type="button"
              className="-mr-3 ml-auto min-h-10 rounded-lg px-3 sm:ml-0 text-sm font-semibold text-navy-700 underline-offset-2 hover:bg-navy-50 hover:underline disabled:opacity-60"
              onClick={() => void setEnabled(subscriber, !subscriber.enabled)}
              disabled={changing === subscriber.id}
              aria-label={`${subscriber.enabled ? 'Deactivate' : 'Reactivate'} ${subscriber.id}`}
            >
              {subscriber.enabled ? 'Deactivate' : 'Reactivate'}
            </button>
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
