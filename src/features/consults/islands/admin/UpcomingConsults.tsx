import { useEffect, useState, type FormEvent } from 'react';
import { meetingLinkProblem } from '../../consult-availability';
import { ANY_EDITOR, majorLabel } from '#lib/contact';
import { formatConsult, formatTime } from '../../consult-format';
import { consultMessages } from '../../consult-messages';
import { BUSINESS_TIME_ZONE, type ConsultItem } from '../../consult-rules';
import {
  cancelConsultAsAdmin,
  setConsultMeetingLink,
  upcomingConsults,
} from '../../../../islands/shared/admin/admin-api';
import { Fact, Time } from '../../../../islands/shared/admin/Facts';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';

type ListState = { status: 'loading' } | { status: 'ready'; items: ConsultItem[] } | { status: 'failed' };

const when = (item: ConsultItem) => formatConsult(item.start, item.end, BUSINESS_TIME_ZONE);
const eventAt = (item: ConsultItem, type: ConsultItem['history'][number]['type']) =>
  item.history.find((e) => e.type === type)?.at;

function preferredEditor(item: ConsultItem) {
  if (item.preferredEditor === ANY_EDITOR.value) return ANY_EDITOR.label;
  return item.preferredEditorName ?? `${item.preferredEditor} (no longer listed)`;
}

/** 'Cancelled by the visitor' or '... by our team', with when. */
function CancelledBadge({ item }: { item: ConsultItem }) {
  const cancelled = item.history.findLast((e) => e.type === 'cancelled');
  if (!cancelled || cancelled.type !== 'cancelled') return null;
  return (
    <p className="inline-flex flex-wrap gap-x-1 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-800 ring-1 ring-red-200">
      {consultMessages.cancelledBy[cancelled.by]}
      <span className="font-normal">
        (<Time iso={cancelled.at} />)
      </span>
    </p>
  );
}

/** This consult's own meeting link: set, changed or cleared (back to the availability's). */
function MeetingLinkForm({ item, onSaved }: { item: ConsultItem; onSaved: (item: ConsultItem) => void }) {
  const [value, setValue] = useState(item.meetingLink ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = `consult-link-${item.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const link = value.trim();
    const found = meetingLinkProblem(link);
    setProblem(found);
    if (found) return;
    setSaving(true);
    const result = await setConsultMeetingLink(item.id, link);
    setSaving(false);
    if (!result.ok) {
      setProblem(result.error);
      return showToast('error', `${consultMessages.linkSaveFailed}: ${result.error}`);
    }
    showToast('success', consultMessages.linkSaved);
    onSaved(result.data);
  }

  return (
    <form method="post" noValidate onSubmit={save} className="mt-4 space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        This consult's own meeting link<span className="sr-only"> for {item.name}</span>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className="input min-w-0 flex-1 sm:max-w-md"
        />
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved. */}
        <button
          type="submit"
          className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
          aria-disabled={saving}
        >
          {saving ? 'Saving...' : 'Save link'}
          <span className="sr-only"> for {item.name}</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Empty: the availability's link applies. The visitor is e-mailed the link whenever it changes.
      </p>
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

function ConsultCard({
  item,
  busy,
  onCancel,
  onChanged,
}: {
  item: ConsultItem;
  busy: boolean;
  onCancel: () => void;
  onChanged: (item: ConsultItem) => void;
}) {
  const headingId = `consult-${item.id}`;
  const reminded = eventAt(item, 'reminder-sent');
  const cancelled = item.status === 'cancelled';
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 shadow-sm sm:p-5 ${cancelled ? 'border-slate-200 bg-slate-50' : 'border-navy-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-lg font-bold break-words text-navy-900">
            {item.name}
          </h3>
          <p className={`text-sm font-semibold ${cancelled ? 'text-slate-600 line-through' : 'text-slate-800'}`}>
            {when(item)}
          </p>
        </div>
        {cancelled ? (
          <CancelledBadge item={item} />
        ) : (
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved.
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
            onClick={busy ? undefined : onCancel}
            aria-disabled={busy}
          >
            Cancel consult<span className="sr-only"> with {item.name}</span>
          </button>
        )}
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
        {!cancelled && (
          <Fact term="Reminder">
            {reminded ? (
              <>
                Sent <Time iso={reminded} />
              </>
            ) : (
              'Not sent yet'
            )}
          </Fact>
        )}
        {!cancelled && (
          <Fact term="Meeting link" wide>
            {item.joinLink ? (
              <>
                <a
                  href={item.joinLink}
                  className="font-semibold text-navy-700 underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.joinLink}
                </a>{' '}
                ({item.meetingLink ? "this consult's own" : 'from the availability'})
              </>
            ) : (
              'None yet: the visitor is e-mailed the link when you set one.'
            )}
          </Fact>
        )}
      </dl>
      {!cancelled && <MeetingLinkForm item={item} onSaved={onChanged} />}
    </article>
  );
}

/**
 * The consults from now on, soonest first (New York time), each with a cancel button and its
 * meeting link; cancelled ones stay, marked with who cancelled. `reloadKey` changes when the
 * availability's save changed them (a cancel for a day off, a new link).
 */
export function UpcomingConsults({ reloadKey = 0 }: { reloadKey?: number }) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  // A new reloadKey shows 'loading' in the same render, before its list is fetched.
  const [listedKey, setListedKey] = useState(reloadKey);
  if (listedKey !== reloadKey) {
    setListedKey(reloadKey);
    setList({ status: 'loading' });
  }

  function loaded(result: Awaited<ReturnType<typeof upcomingConsults>>) {
    if (result.ok) return setList({ status: 'ready', items: result.data.items });
    setList({ status: 'failed' });
    toastFetchFailed();
  }
  async function load() {
    setList({ status: 'loading' });
    loaded(await upcomingConsults());
  }
  useEffect(() => void upcomingConsults().then(loaded), [reloadKey]);

  const replace = (item: ConsultItem) =>
    setList((l) => (l.status === 'ready' ? { ...l, items: l.items.map((i) => (i.id === item.id ? item : i)) } : l));

  async function cancel(item: ConsultItem) {
    if (!window.confirm(`Cancel the consult with ${item.name} on ${when(item)}? They will get an e-mail saying so.`))
      return;
    setBusy(item.id);
    const result = await cancelConsultAsAdmin(item.id);
    setBusy(null);
    if (result.ok) {
      replace(result.data);
      return showToast('success', consultMessages.consultCancelled);
    }
    showToast('error', `${consultMessages.consultCancelFailed}: ${result.error}`);
    // Cancelled meanwhile (by the visitor): show it as it is now.
    if (result.status === 409) void load();
  }

  const booked = list.status === 'ready' ? list.items.filter((i) => i.status === 'booked').length : 0;
  const cancelledCount = list.status === 'ready' ? list.items.length - booked : 0;
  return (
    <section aria-labelledby="consults-heading" className="space-y-4">
      <h2 id="consults-heading" className="font-serif text-2xl font-bold text-navy-900">
        Upcoming consults{list.status === 'ready' && ` (${booked})`}
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
      {list.status === 'ready' && list.items.length === 0 && (
        <p className="text-slate-700">No consults are booked for the next 14 days.</p>
      )}
      {list.status === 'ready' && cancelledCount > 0 && (
        <p className="text-sm text-slate-700">
          {cancelledCount === 1 ? 'One cancelled consult is' : `${cancelledCount} cancelled consults are`} shown too,
          marked so.
        </p>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul aria-label="Upcoming consults" className="space-y-4">
          {list.items.map((item) => (
            <li key={item.id}>
              <ConsultCard item={item} busy={busy === item.id} onCancel={() => void cancel(item)} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
