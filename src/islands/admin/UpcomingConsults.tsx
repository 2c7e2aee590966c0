import { useEffect, useState } from 'react';
import { ANY_EDITOR, majorLabel } from '../../lib/contact';
import { formatConsult, formatTime } from '../../lib/consult-format';
import { consultMessages } from '../../lib/consult-messages';
import { BUSINESS_TIME_ZONE, type ConsultItem } from '../../lib/consult-rules';
import { cancelConsultAsAdmin, upcomingConsults } from './admin-api';
import { Fact, Time } from './Facts';
import { showToast, toastFetchFailed } from './toasts';

type ListState = { status: 'loading' } | { status: 'ready'; items: ConsultItem[] } | { status: 'failed' };

const when = (item: ConsultItem) => formatConsult(item.start, item.end, BUSINESS_TIME_ZONE);
const eventAt = (item: ConsultItem, type: ConsultItem['history'][number]['type']) => item.history.find((e) => e.type === type)?.at;

function preferredEditor(item: ConsultItem) {
  if (item.preferredEditor === ANY_EDITOR.value) return ANY_EDITOR.label;
  return item.preferredEditorName ?? `${item.preferredEditor} (no longer listed)`;
}

function ConsultCard({ item, busy, onCancel }: { item: ConsultItem; busy: boolean; onCancel: () => void }) {
  const headingId = `consult-${item.id}`;
  const reminded = eventAt(item, 'reminder-sent');
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-navy-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-lg font-bold break-words text-navy-900">
            {item.name}
          </h3>
          <p className="text-sm font-semibold text-slate-800">{when(item)}</p>
        </div>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved. */}
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60" onClick={busy ? undefined : onCancel} aria-disabled={busy}>
          Cancel consult<span className="sr-only"> with {item.name}</span>
        </button>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact term="Email">
          <a href={`mailto:${item.email}`} className="font-semibold text-navy-700 underline">
            {item.email}
          </a>
        </Fact>
        <Fact term="Intended major">{item.intendedMajor && majorLabel(item.intendedMajor)}</Fact>
        <Fact term="Preferred editor">{preferredEditor(item)}</Fact>
        <Fact term="Visitor's time">{`${formatTime(item.start, item.timeZone)} (${item.timeZone})`}</Fact>
        <Fact term="Booked">
          <Time iso={eventAt(item, 'booked') ?? item.start} />
        </Fact>
        <Fact term="Reminder">{reminded ? <>Sent <Time iso={reminded} /></> : 'Not sent yet'}</Fact>
      </dl>
    </article>
  );
}

/** The consults booked from now on, soonest first (New York time), each with a cancel button. */
export function UpcomingConsults() {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  async function load() {
    setList({ status: 'loading' });
    const result = await upcomingConsults();
    if (result.ok) return setList({ status: 'ready', items: result.data.items });
    setList({ status: 'failed' });
    toastFetchFailed();
  }
  useEffect(() => void load(), []);

  async function cancel(item: ConsultItem) {
    if (!window.confirm(`Cancel the consult with ${item.name} on ${when(item)}? They will get an e-mail saying so.`)) return;
    setBusy(item.id);
    const result = await cancelConsultAsAdmin(item.id);
    setBusy(null);
    // Cancelled already (by the visitor, meanwhile) is gone too: either way it leaves the list.
    if (result.ok || result.status === 409) setList((l) => (l.status === 'ready' ? { ...l, items: l.items.filter((i) => i.id !== item.id) } : l));
    if (result.ok) showToast('success', consultMessages.consultCancelled);
    else showToast('error', `${consultMessages.consultCancelFailed}: ${result.error}`);
  }

  return (
    <section aria-labelledby="consults-heading" className="space-y-4">
      <h2 id="consults-heading" className="font-serif text-2xl font-bold text-navy-900">
        Upcoming consults{list.status === 'ready' && ` (${list.items.length})`}
      </h2>
      {list.status === 'loading' && <p className="text-slate-700">Loading consults...</p>}
      {list.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-700">The consults could not be loaded.</p>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && <p className="text-slate-700">No consults are booked for the next 14 days.</p>}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul aria-label="Upcoming consults" className="space-y-4">
          {list.items.map((item) => (
            <li key={item.id}>
              <ConsultCard item={item} busy={busy === item.id} onCancel={() => void cancel(item)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
