import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import {
  WEEKDAYS,
  WEEKDAY_LABELS,
  clockTime,
  isIsoDate,
  meetingLinkProblem,
  minutesOfDay,
  windowsProblem,
  type Availability,
  type TimeWindow,
} from '../../consult-availability';
import { formatConsult, formatDate, localDate } from '../../consult-format';
import { consultMessages } from '../../consult-messages';
import { BUSINESS_TIME_ZONE, type ConsultItem } from '../../consult-rules';
import {
  availabilityConflicts,
  consultAvailability,
  saveConsultAvailability,
} from '../../../../islands/shared/admin/admin-api';
import { $availabilityDraft } from './availability-draft';
import { Time } from '../../../../islands/shared/admin/Facts';
import { TrashIcon } from '../../../../islands/shared/admin/icons';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';

type AvailabilityAnswer = Awaited<ReturnType<typeof consultAvailability>>;

const todayInNewYork = () => localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);

/** An hour after the day's last window, or 10:00-11:00 on an empty day. */
function nextWindow(windows: TimeWindow[]): TimeWindow {
  const lastEnd = windows.length ? (minutesOfDay(windows.at(-1)!.end) ?? 600) : 600;
  const start = Math.min(lastEnd, 23 * 60);
  return { start: clockTime(start), end: clockTime(Math.min(start + 60, 24 * 60 - 15)) };
}

/** Why a day's windows cannot be saved; an open date needs at least one. */
const hoursProblem = (windows: TimeWindow[], open: boolean) =>
  open && windows.length === 0 ? 'an open date needs hours' : windowsProblem(windows);

/**
 * One day's windows (a weekday, or an open date): from, to, remove; and 'Add hours'. `id` keeps the
 * fields' ids apart; `label` names the day for people.
 */
function DayWindows({
  id,
  label,
  empty,
  windows,
  problem,
  onChange,
  onRemove,
}: {
  id: string;
  label: string;
  empty: string;
  windows: TimeWindow[];
  problem?: string;
  onChange: (windows: TimeWindow[]) => void;
  onRemove?: () => void;
}) {
  const update = (i: number, field: keyof TimeWindow, value: string) =>
    onChange(windows.map((w, j) => (j === i ? { ...w, [field]: value } : w)));
  return (
    <fieldset
      className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
      aria-describedby={problem ? `hours-${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-bold text-navy-900">{label}</legend>
      {windows.length === 0 && <p className="text-sm text-slate-600">{empty}</p>}
      <ul className="space-y-2">
        {windows.map((w, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            {(['start', 'end'] as const).map((field) => (
              <div key={field}>
                <label htmlFor={`hours-${id}-${i}-${field}`} className="block text-xs font-semibold text-slate-700">
                  {field === 'start' ? 'From' : 'To'}
                </label>
                {/* Wide enough for '10:00 AM' and the picker's icon, whatever the locale's clock. */}
                <input
                  id={`hours-${id}-${i}-${field}`}
                  type="time"
                  step={900}
                  required
                  value={w[field]}
                  onChange={(e) => update(i, field, e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  className="input w-40"
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
        <p id={`hours-${id}-error`} className="mt-2 text-sm font-medium text-red-700">
          {label}: {problem}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-x-4">
        <button
          type="button"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-700 underline hover:text-navy-900"
          onClick={() => onChange([...windows, nextWindow(windows)])}
        >
          Add hours<span className="sr-only"> on {label}</span>
        </button>
        {onRemove && (
          <button
            type="button"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-700 underline hover:text-navy-900"
            onClick={onRemove}
          >
            Remove date<span className="sr-only"> {label}</span>
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** A date field with its button, and its own message. */
function DateAdder({
  id,
  label,
  button,
  value,
  today,
  problem,
  hint,
  onChange,
  onAdd,
}: {
  id: string;
  label: string;
  button: string;
  value: string;
  today: string;
  problem: string | null;
  hint?: string;
  onChange: (value: string) => void;
  onAdd: () => void;
}) {
  const described = [problem && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-navy-900">
            {label}
          </label>
          <input
            id={id}
            type="date"
            min={today}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className="input w-48"
          />
        </div>
        <button type="button" className="btn-outline" onClick={onAdd}>
          {button}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Why a typed date cannot be added to a list, or null. */
function dateProblem(date: string, today: string, taken: { daysOff: string[]; openDates: string[] }): string | null {
  if (!isIsoDate(date)) return 'Enter a date such as 2026-03-09.';
  if (date < today) return 'That date has passed.';
  if (taken.daysOff.includes(date)) return `${formatDate(date)} is already a day off.`;
  if (taken.openDates.includes(date)) return `${formatDate(date)} already has hours of its own.`;
  return null;
}

/**
 * The weekly consult hours, days off, dates with hours of their own and the meeting link, in New York
 * time: edited here, saved as a whole. Days and dates that have passed are dropped on saving. What is
 * typed and not saved survives a switch to another tab ($availabilityDraft), and a day off typed but
 * not added is added by the save. Booked consults on a new day off are shown before anything is
 * saved, for the admin to cancel (each visitor told) or keep.
 */
export function AvailabilityEditor({ onSaved }: { onSaved?: () => void }) {
  const kept = $availabilityDraft.get();
  const [draft, setDraftState] = useState<Availability | null>(kept?.availability ?? null);
  const [dayOff, setDayOffState] = useState(kept?.dayOff ?? '');
  const [openDate, setOpenDateState] = useState(kept?.openDate ?? '');
  const [dirty, setDirty] = useState(kept !== null);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [dateProblems, setDateProblems] = useState<{ dayOff?: string; openDate?: string }>({});
  const [conflicts, setConflicts] = useState<ConsultItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const conflictsRef = useRef<HTMLDivElement>(null);

  function loaded(result: AvailabilityAnswer, keepDraft: boolean) {
    if (!result.ok) {
      setStatus('failed');
      return toastFetchFailed();
    }
    if (!keepDraft) setDraftState(result.data.availability);
    setUpdatedAt(result.data.updatedAt);
    setStatus('ready');
  }
  async function load(keepDraft: boolean) {
    setStatus('loading');
    loaded(await consultAvailability(), keepDraft);
  }
  // Once, on mounting (the status starts as 'loading'): a draft kept from before stays as it was.
  const firstLoaded = useEffectEvent((result: AvailabilityAnswer) => loaded(result, kept !== null));
  useEffect(() => void consultAvailability().then(firstLoaded), []);
  useEffect(() => {
    if (conflicts) conflictsRef.current?.focus();
  }, [conflicts]);

  /** Every edit goes through here: the draft is kept for when the admin comes back. */
  function edit(changes: { availability?: Availability; dayOff?: string; openDate?: string }) {
    const next = {
      availability: changes.availability ?? draft!,
      dayOff: changes.dayOff ?? dayOff,
      openDate: changes.openDate ?? openDate,
    };
    setDraftState(next.availability);
    setDayOffState(next.dayOff);
    setOpenDateState(next.openDate);
    setDirty(true);
    $availabilityDraft.set(next);
  }
  function discard() {
    $availabilityDraft.set(null);
    setDirty(false);
    setDayOffState('');
    setOpenDateState('');
    setProblems({});
    setDateProblems({});
    setConflicts(null);
    void load(false);
  }

  if (status === 'loading') return <p className="text-slate-700">Loading availability...</p>;
  if (status === 'failed' || !draft) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">The availability could not be loaded.</p>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => void load(dirty)}>
          Try again
        </button>
      </div>
    );
  }

  const today = todayInNewYork();
  const taken = { daysOff: draft.daysOff, openDates: draft.openDates.map((d) => d.date) };
  const clearProblem = (key: string) => setProblems(({ [key]: _, ...rest }) => rest);
  const addDayOff = () => {
    const problem = dateProblem(dayOff, today, taken);
    setDateProblems((p) => ({ ...p, dayOff: problem ?? undefined }));
    if (!problem) edit({ availability: { ...draft, daysOff: [...draft.daysOff, dayOff].sort() }, dayOff: '' });
  };
  const addOpenDate = () => {
    const problem = dateProblem(openDate, today, taken);
    setDateProblems((p) => ({ ...p, openDate: problem ?? undefined }));
    if (problem) return;
    const openDates = [...draft.openDates, { date: openDate, windows: [{ start: '10:00', end: '12:00' }] }].sort(
      (a, b) => a.date.localeCompare(b.date),
    );
    edit({ availability: { ...draft, openDates }, openDate: '' });
  };

  /** What the save sends: the draft, with a day off typed but not added, and without what has passed. */
  function toSave(): Availability | null {
    const found: Record<string, string> = {};
    for (const day of WEEKDAYS) {
      const problem = hoursProblem(draft!.weekly[day], false);
      if (problem) found[day] = problem;
    }
    for (const { date, windows } of draft!.openDates) {
      const problem = hoursProblem(windows, true);
      if (problem) found[date] = problem;
    }
    const linkProblem = meetingLinkProblem(draft!.meetingLink.trim());
    if (linkProblem) found.meetingLink = linkProblem;
    const typedDayOff = dayOff ? dateProblem(dayOff, today, taken) : null;
    setDateProblems((p) => ({ ...p, dayOff: typedDayOff ?? undefined }));
    setProblems(found);
    if (Object.keys(found).length > 0 || typedDayOff) return null;
    return {
      ...draft!,
      meetingLink: draft!.meetingLink.trim(),
      daysOff: [...draft!.daysOff, ...(dayOff ? [dayOff] : [])].filter((d) => d >= today).sort(),
      openDates: draft!.openDates.filter((d) => d.date >= today),
    };
  }

  async function save(cancelConsults: string[] = []) {
    if (saving) return;
    const availability = toSave();
    if (!availability) return showToast('error', consultMessages.availabilitySaveFailed);
    setSaving(true);
    const result = await saveConsultAvailability(availability, cancelConsults);
    setSaving(false);
    const found = availabilityConflicts(result);
    if (found) {
      // Shown, not saved: the admin decides. The typed day off is in the list now, as it was sent.
      edit({ availability, dayOff: '' });
      return setConflicts(found);
    }
    if (!result.ok) return showToast('error', `${consultMessages.availabilitySaveFailed}: ${result.error}`);
    $availabilityDraft.set(null);
    setDirty(false);
    setConflicts(null);
    setDayOffState('');
    setDraftState(result.data.availability);
    setUpdatedAt(result.data.updatedAt);
    showToast(
      'success',
      cancelConsults.length
        ? consultMessages.availabilitySavedCancelling(cancelConsults.length)
        : consultMessages.availabilitySaved,
    );
    onSaved?.();
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
      className="space-y-6"
    >
      <p className="text-sm text-slate-700">
        Times are New York time ({BUSINESS_TIME_ZONE}); visitors see them in their own zone. Consults are 15 minutes,
        offered from 12 hours to 14 days ahead.{' '}
        {updatedAt ? (
          <>
            Last saved <Time iso={updatedAt} />.
          </>
        ) : (
          'These are the default hours: nothing has been saved yet.'
        )}
      </p>
      {dirty && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="status"
        >
          <p>{consultMessages.unsavedDraft}</p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline hover:text-navy-900"
            onClick={discard}
          >
            Discard changes
          </button>
        </div>
      )}

      <section aria-labelledby="meeting-link-heading" className="space-y-2">
        <h3 id="meeting-link-heading" className="font-serif text-lg font-bold text-navy-900">
          Meeting link
        </h3>
        <label htmlFor="consult-meeting-link" className="block text-sm font-semibold text-navy-900">
          Link to join the call
        </label>
        <input
          id="consult-meeting-link"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={draft.meetingLink}
          onChange={(e) => {
            clearProblem('meetingLink');
            edit({ availability: { ...draft, meetingLink: e.target.value } });
          }}
          aria-invalid={problems.meetingLink ? true : undefined}
          aria-describedby={`consult-meeting-link-hint${problems.meetingLink ? ' consult-meeting-link-error' : ''}`}
          className="input w-full max-w-xl"
        />
        <p id="consult-meeting-link-hint" className="text-sm text-slate-600">
          Sent in the confirmation, the reminder and the calendar invite. When you set or change it, visitors already
          booked get the new link by e-mail. A consult can have its own link above.
        </p>
        {problems.meetingLink && (
          <p id="consult-meeting-link-error" className="text-sm font-medium text-red-700">
            {problems.meetingLink}
          </p>
        )}
      </section>

      <section aria-labelledby="weekly-hours-heading" className="space-y-3">
        <h3 id="weekly-hours-heading" className="font-serif text-lg font-bold text-navy-900">
          Weekly hours
        </h3>
        <div className="grid gap-3 md:grid-cols-2">
          {WEEKDAYS.map((day) => (
            <DayWindows
              key={day}
              id={day}
              label={WEEKDAY_LABELS[day]}
              empty={`No consults on ${WEEKDAY_LABELS[day]}s.`}
              windows={draft.weekly[day]}
              problem={problems[day]}
              onChange={(windows) => {
                clearProblem(day);
                edit({ availability: { ...draft, weekly: { ...draft.weekly, [day]: windows } } });
              }}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="days-off-heading" className="space-y-3">
        <h3 id="days-off-heading" className="font-serif text-lg font-bold text-navy-900">
          Days off and holidays
        </h3>
        <DateAdder
          id="consult-day-off"
          label="Date"
          button="Add day off"
          value={dayOff}
          today={today}
          problem={dateProblems.dayOff ?? null}
          hint={dayOff && !dateProblems.dayOff ? 'Not added yet: saving adds it too.' : undefined}
          onChange={(value) => {
            setDateProblems((p) => ({ ...p, dayOff: undefined }));
            edit({ dayOff: value });
          }}
          onAdd={addDayOff}
        />
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
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline hover:text-navy-900"
                  onClick={() => edit({ availability: { ...draft, daysOff: draft.daysOff.filter((d) => d !== date) } })}
                >
                  Remove<span className="sr-only"> day off {formatDate(date)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="open-dates-heading" className="space-y-3">
        <h3 id="open-dates-heading" className="font-serif text-lg font-bold text-navy-900">
          Dates with their own hours
        </h3>
        <p className="text-sm text-slate-700">
          Open a date the weekly hours leave closed, or give a date other hours than its weekday's.
        </p>
        <DateAdder
          id="consult-open-date"
          label="Open date"
          button="Open this date"
          value={openDate}
          today={today}
          problem={dateProblems.openDate ?? null}
          onChange={(value) => {
            setDateProblems((p) => ({ ...p, openDate: undefined }));
            edit({ openDate: value });
          }}
          onAdd={addOpenDate}
        />
        {draft.openDates.length === 0 ? (
          <p className="text-sm text-slate-600">No dates with their own hours.</p>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {draft.openDates.map(({ date, windows }) => (
              <DayWindows
                key={date}
                id={date}
                label={`${formatDate(date)}${date < today ? ' (past)' : ''}`}
                empty="No hours yet: add some, or remove the date."
                windows={windows}
                problem={problems[date]}
                onChange={(next) => {
                  clearProblem(date);
                  edit({
                    availability: {
                      ...draft,
                      openDates: draft.openDates.map((d) => (d.date === date ? { date, windows: next } : d)),
                    },
                  });
                }}
                onRemove={() =>
                  edit({ availability: { ...draft, openDates: draft.openDates.filter((d) => d.date !== date) } })
                }
              />
            ))}
          </div>
        )}
      </section>

      {conflicts && (
        <div
          ref={conflictsRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="conflicts-heading"
          className="space-y-3 rounded-lg border-2 border-red-300 bg-red-50 p-4"
        >
          <h3 id="conflicts-heading" className="font-serif text-lg font-bold text-red-900">
            {consultMessages.conflictsOnDaysOff(conflicts.length)}
          </h3>
          <p className="text-sm text-red-900">Nothing is saved yet.</p>
          <ul aria-label="Booked consults on those days" className="list-disc space-y-1 pl-5 text-sm text-slate-900">
            {conflicts.map((c) => (
              <li key={c.id}>
                <span className="font-semibold">{c.name}</span> ({c.email}),{' '}
                {formatConsult(c.start, c.end, BUSINESS_TIME_ZONE)}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary aria-disabled:opacity-60"
              aria-disabled={saving}
              onClick={() => void save(conflicts.map((c) => c.id))}
            >
              {saving
                ? 'Saving...'
                : `Cancel ${conflicts.length === 1 ? 'this consult' : `these ${conflicts.length} consults`} and save`}
            </button>
            <button type="button" className="btn-outline" onClick={() => setConflicts(null)}>
              Keep {conflicts.length === 1 ? 'it' : 'them'}: edit the days off
            </button>
          </div>
        </div>
      )}

      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the change is saved. */}
      <button type="submit" className="btn-primary aria-disabled:opacity-60" aria-disabled={saving}>
        {saving ? 'Saving...' : 'Save availability'}
      </button>
    </form>
  );
}
