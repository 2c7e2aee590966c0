import { useEffect, useState, type FormEvent } from 'react';
import {
  WEEKDAYS,
  WEEKDAY_LABELS,
  clockTime,
  isIsoDate,
  minutesOfDay,
  windowsProblem,
  type Availability,
  type TimeWindow,
  type Weekday,
} from '../../lib/consult-availability';
import { formatDate, localDate } from '../../lib/consult-format';
import { consultMessages } from '../../lib/consult-messages';
import { BUSINESS_TIME_ZONE } from '../../lib/consult-rules';
import { consultAvailability, saveConsultAvailability } from './admin-api';
import { Time } from './Facts';
import { TrashIcon } from './icons';
import { showToast, toastFetchFailed } from './toasts';

const todayInNewYork = () => localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);

/** An hour after the day's last window, or 10:00-11:00 on an empty day. */
function nextWindow(windows: TimeWindow[]): TimeWindow {
  const lastEnd = windows.length ? (minutesOfDay(windows.at(-1)!.end) ?? 600) : 600;
  const start = Math.min(lastEnd, 23 * 60);
  return { start: clockTime(start), end: clockTime(Math.min(start + 60, 24 * 60 - 15)) };
}

/** One weekday's windows: from, to, remove; and 'Add hours'. */
function DayWindows({ day, windows, problem, onChange }: { day: Weekday; windows: TimeWindow[]; problem?: string; onChange: (windows: TimeWindow[]) => void }) {
  const label = WEEKDAY_LABELS[day];
  const update = (i: number, field: keyof TimeWindow, value: string) => onChange(windows.map((w, j) => (j === i ? { ...w, [field]: value } : w)));
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4" aria-describedby={problem ? `hours-${day}-error` : undefined}>
      <legend className="px-1 text-sm font-bold text-navy-900">{label}</legend>
      {windows.length === 0 && <p className="text-sm text-slate-600">No consults on {label}s.</p>}
      <ul className="space-y-2">
        {windows.map((w, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            {(['start', 'end'] as const).map((field) => (
              <div key={field}>
                <label htmlFor={`hours-${day}-${i}-${field}`} className="block text-xs font-semibold text-slate-700">
                  {field === 'start' ? 'From' : 'To'}
                </label>
                <input
                  id={`hours-${day}-${i}-${field}`}
                  type="time"
                  step={900}
                  required
                  value={w[field]}
                  onChange={(e) => update(i, field, e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  className="input w-32"
                />
              </div>
            ))}
            <button
              type="button"
              className="grid size-11 place-items-center rounded-lg border-2 border-navy-700 text-navy-700 hover:bg-navy-50 hover:text-red-800"
              onClick={() => onChange(windows.filter((_, j) => j !== i))}
              aria-label={`Remove ${label} ${w.start} to ${w.end}`}
              title="Remove"
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p id={`hours-${day}-error`} className="mt-2 text-sm font-medium text-red-700">
          {label}: {problem}
        </p>
      )}
      <button type="button" className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-navy-700 underline hover:text-navy-900" onClick={() => onChange([...windows, nextWindow(windows)])}>
        Add hours<span className="sr-only"> on {label}</span>
      </button>
    </fieldset>
  );
}

/**
 * The weekly consult hours and days off, in New York time: edited here, saved as a whole. Days off
 * that have passed are dropped on saving; they no longer mean anything.
 */
export function AvailabilityEditor() {
  const [draft, setDraft] = useState<Availability | null>(null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [dayOff, setDayOff] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Weekday, string>>>({});
  const [saving, setSaving] = useState(false);

  async function load() {
    setStatus('loading');
    const result = await consultAvailability();
    if (!result.ok) {
      setStatus('failed');
      return toastFetchFailed();
    }
    setDraft(result.data.availability);
    setUpdatedAt(result.data.updatedAt);
    setStatus('ready');
  }
  useEffect(() => void load(), []);

  if (status === 'loading') return <p className="text-slate-700">Loading availability...</p>;
  if (status === 'failed' || !draft) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">The availability could not be loaded.</p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }

  const today = todayInNewYork();
  const setWindows = (day: Weekday, windows: TimeWindow[]) => {
    setDraft({ ...draft, weekly: { ...draft.weekly, [day]: windows } });
    setProblems(({ [day]: _, ...rest }) => rest);
  };
  const addDayOff = () => {
    if (!isIsoDate(dayOff) || draft.daysOff.includes(dayOff)) return;
    setDraft({ ...draft, daysOff: [...draft.daysOff, dayOff].sort() });
    setDayOff('');
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = Object.fromEntries(WEEKDAYS.flatMap((day) => {
      const problem = windowsProblem(draft!.weekly[day]);
      return problem ? [[day, problem]] : [];
    }));
    setProblems(found);
    if (Object.keys(found).length > 0) return showToast('error', consultMessages.availabilitySaveFailed);
    setSaving(true);
    const result = await saveConsultAvailability({ ...draft!, daysOff: draft!.daysOff.filter((d) => d >= today) });
    setSaving(false);
    if (!result.ok) return showToast('error', `${consultMessages.availabilitySaveFailed}: ${result.error}`);
    setDraft(result.data.availability);
    setUpdatedAt(result.data.updatedAt);
    showToast('success', consultMessages.availabilitySaved);
  }

  return (
    <form method="post" noValidate onSubmit={save} className="space-y-6">
      <p className="text-sm text-slate-700">
        Times are New York time ({BUSINESS_TIME_ZONE}); visitors see them in their own zone. Consults are 15 minutes, offered from 12 hours to 14 days ahead.{' '}
        {updatedAt ? (
          <>
            Last saved <Time iso={updatedAt} />.
          </>
        ) : (
          'These are the default hours: nothing has been saved yet.'
        )}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {WEEKDAYS.map((day) => (
          <DayWindows key={day} day={day} windows={draft.weekly[day]} problem={problems[day]} onChange={(windows) => setWindows(day, windows)} />
        ))}
      </div>

      <section aria-labelledby="days-off-heading" className="space-y-3">
        <h3 id="days-off-heading" className="font-serif text-lg font-bold text-navy-900">
          Days off
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="consult-day-off" className="mb-1 block text-sm font-semibold text-navy-900">
              Date
            </label>
            <input id="consult-day-off" type="date" min={today} value={dayOff} onChange={(e) => setDayOff(e.target.value)} className="input w-48" />
          </div>
          <button type="button" className="btn-outline" onClick={addDayOff}>
            Add day off
          </button>
        </div>
        {draft.daysOff.length === 0 ? (
          <p className="text-sm text-slate-600">No days off.</p>
        ) : (
          <ul aria-label="Days off" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {draft.daysOff.map((date) => (
              <li key={date} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1 text-sm">
                <span className={date < today ? 'text-slate-500' : 'text-slate-900'}>
                  {formatDate(date)}
                  {date < today && ' (past)'}
                </span>
                <button type="button" className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline hover:text-navy-900" onClick={() => setDraft({ ...draft, daysOff: draft.daysOff.filter((d) => d !== date) })}>
                  Remove<span className="sr-only"> day off {formatDate(date)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved. */}
      <button type="submit" className="btn-primary aria-disabled:opacity-60" aria-disabled={saving}>
        {saving ? 'Saving...' : 'Save availability'}
      </button>
    </form>
  );
}
