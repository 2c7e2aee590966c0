import { useState } from 'react';
import { messages } from '#lib/messages';
import type { EmailSubscriber } from '#lib/schemas';
import { optInAdminTexts } from '../../opt-in';
import {
  allSubscribers,
  sendSubscriberConfirmation,
  setSubscriberEnabled,
  subscribersCsv,
  subscribersPage,
} from '../../../../islands/shared/admin/admin-api';
import { downloadFile } from '../../../../islands/shared/download-file';
import { copyText } from '../../../../islands/shared/admin/clipboard';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';

/** The active addresses, one per line, fetched when asked for (the list on screen may be one page). */
async function activeAddresses(): Promise<string> {
  const result = await allSubscribers();
  if (!result.ok) throw new Error(result.error);
  return result.data
    .filter((s) => s.enabled)
    .map((s) => s.id)
    .join('\n');
}

const BADGES: Record<EmailSubscriber['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-green-100 text-green-900' },
  pending: { label: 'Not confirmed', className: 'bg-amber-100 text-amber-900' },
  unsubscribed: { label: 'Unsubscribed', className: 'bg-slate-200 text-slate-800' },
  inactive: { label: 'Inactive', className: 'bg-slate-200 text-slate-800' },
};

function StatusBadge({ status }: { status: EmailSubscriber['status'] }) {
  const { label, className } = BADGES[status];
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

/** What the row's button does: only an address an admin turned off may be turned on by one. */
const ACTIONS: Record<EmailSubscriber['status'], string> = {
  active: 'Deactivate',
  inactive: 'Reactivate',
  pending: optInAdminTexts.sendConfirmation,
  unsubscribed: optInAdminTexts.sendConfirmation,
};

/**
 * Email Subscribers: the count, 'Copy All Emails', a scrollable list with a badge for each state, a
 * CSV export, deactivate/reactivate, and for an address that left or never confirmed only 'Send
 * confirmation'. If the list does not load, the rest of the dashboard keeps working.
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

  async function act(subscriber: EmailSubscriber) {
    setChanging(subscriber.id);
    const confirming = subscriber.status === 'pending' || subscriber.status === 'unsubscribed';
    const result = confirming
      ? await sendSubscriberConfirmation(subscriber.id)
      : await setSubscriberEnabled(subscriber.id, !subscriber.enabled);
    setChanging(null);
    if (!result.ok) return showToast('error', confirming ? result.error : 'Failed to update subscriber');
    list.replaceItem((s) => s.id === subscriber.id, result.data);
    showToast(
      'success',
      confirming
        ? optInAdminTexts.confirmationSent
        : subscriber.enabled
          ? 'Subscriber deactivated'
          : 'Subscriber reactivated',
    );
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
            <StatusBadge status={subscriber.status} />
            <button
              type="button"
              className="-mr-3 ml-auto min-h-10 rounded-lg px-3 sm:ml-0 text-sm font-semibold text-navy-700 underline-offset-2 hover:bg-navy-50 hover:underline disabled:opacity-60"
              onClick={() => void act(subscriber)}
              disabled={changing === subscriber.id}
              aria-label={`${ACTIONS[subscriber.status]} ${subscriber.id}`}
            >
              {ACTIONS[subscriber.status]}
            </button>
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
