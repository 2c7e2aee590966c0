/**
 * 'Book a Free 15-Minute Consult' on /contact: the free slots of the next 14 days in the
 * visitor's own time zone (named, and changeable), a few details, and 'Book Consult'. The server
 * decides which slots exist and who gets one; this island only shows them, with Intl and no date
 * library. Until it is interactive it says it is loading: the visitor's zone is known only here.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { browserTimeZone, fetchFreeSlots, requestBooking, timeZoneChoices } from '../consult';
import { EditorOptions } from '../../../editors/islands/EditorOptions';
import { MajorOptions } from '../../../../islands/shared/MajorOptions';
import { formatConsult, groupByDay, timeZoneName } from '../../consult-format';
import { consultMessages } from '../../consult-messages';
import { CONSULT_LIMITS, slotEnd, type BookedConsult } from '../../consult-rules';
import { EMAIL_MAX_LENGTH } from '#lib/email';
import { Field } from '../../../../islands/shared/Field';
import { useBrowserValue } from '../../../../islands/shared/useBrowserValue';
import { useEditors } from '#features/editors/islands/useEditors';
import { BookingConfirmation } from './BookingConfirmation';
import {
  BOOKING_PROBLEMS,
  EMPTY_BOOKING_FORM,
  checkBooking,
  requestIdFor,
  toBookingRequest,
  type BookingFormValues,
  type BookingProblems,
} from './booking-form';
import { SlotPicker } from './SlotPicker';

type SlotsState = { status: 'loading' } | { status: 'ready'; slots: string[] } | { status: 'failed' };
/** `n` counts messages: the same text twice is news to a screen reader. */
type Outcome = { text: string; n: number } | null;

export default function ConsultBooking() {
  // The zone the visitor picked, or their own: known once the island runs (null in the built page).
  const [pickedZone, setTimeZone] = useState<string | null>(null);
  const ownZone = useBrowserValue<string | null>(browserTimeZone, null);
  const timeZone = pickedZone ?? ownZone;
  const [slots, setSlots] = useState<SlotsState>({ status: 'loading' });
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [values, setValues] = useState<BookingFormValues>(EMPTY_BOOKING_FORM);
  const [problems, setProblems] = useState<BookingProblems>({});
  const [error, setErrorState] = useState<Outcome>(null);
  const setError = (text: string) => setErrorState((o) => ({ text, n: (o?.n ?? 0) + 1 }));
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<{ consult: BookedConsult; timeZone: string } | null>(null);
  const editorsState = useEditors();
  const editors = editorsState.status === 'ready' ? editorsState.editors : [];
  // A double click lands before the re-render that disables the button: the ref stops the second.
  const sendingNow = useRef(false);
  const lastRequest = useRef<ReturnType<typeof requestIdFor> | null>(null);
  const firstTime = useRef<HTMLInputElement | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const fields = useRef<Partial<Record<'name' | 'email', HTMLInputElement | null>>>({});

  /** Fresh slots; a failed refresh keeps the ones shown. */
  const loadSlots = () =>
    fetchFreeSlots().then((result) => {
      if (result.ok) setSlots({ status: 'ready', slots: result.data.slots });
      else setSlots((s) => (s.status === 'ready' ? s : { status: 'failed' }));
    });
  const retry = () => {
    setSlots({ status: 'loading' });
    void loadSlots();
  };

  useEffect(() => void loadSlots(), []);

  const days = useMemo(
    () => (slots.status === 'ready' && timeZone ? groupByDay(slots.slots, timeZone) : []),
    [slots, timeZone],
  );
  // The chosen day, or the day of the chosen time, or the first day with times.
  const day = days.find((d) => d.date === date) ?? days.find((d) => slot && d.slots.includes(slot)) ?? days[0];

  const set = <K extends keyof BookingFormValues>(key: K, value: BookingFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in problems) setProblems(({ [key as 'name' | 'email']: _, ...rest }) => rest);
  };
  const chooseSlot = (s: string) => {
    setSlot(s);
    setProblems(({ slot: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingNow.current || !timeZone) return;
    const found = checkBooking(values, slot);
    setProblems(found);
    const first = BOOKING_PROBLEMS.find((problem) => found[problem]);
    if (first) {
      setError(found[first]!);
      if (first === 'slot') firstTime.current?.focus();
      else fields.current[first]?.focus();
      return;
    }

    sendingNow.current = true;
    setSending(true);
    setErrorState(null);
    const chosen = slot!;
    lastRequest.current = requestIdFor(lastRequest.current, values, chosen, timeZone);
    const result = await requestBooking(toBookingRequest(values, chosen, timeZone, lastRequest.current.id));
    sendingNow.current = false;
    if (result.ok) return setBooked({ consult: result.data, timeZone });
    const taken = result.status === 409;
    // 400 naming start: the time is no longer offered (its notice has run out meanwhile).
    const gone = taken || (result.status === 400 && result.error.startsWith('start'));
    flushSync(() => {
      setSending(false);
      // Too many bookings: the server says how long to wait.
      setError(
        taken
          ? consultMessages.slotTaken
          : gone
            ? consultMessages.slotGone
            : result.status === 429
              ? result.error
              : consultMessages.bookingFailed,
      );
      // Someone else has the time, or it is no longer offered: drop it now and show what is free.
      if (gone) {
        setSlot(null);
        setSlots((s) => (s.status === 'ready' ? { ...s, slots: s.slots.filter((x) => x !== chosen) } : s));
      }
    });
    if (gone) void loadSlots();
    // The disabled button lost focus; give it back unless the visitor has moved on meanwhile.
    if (document.activeElement === document.body) submitButton.current?.focus();
  }

  if (booked) return <BookingConfirmation consult={booked.consult} timeZone={booked.timeZone} />;

  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-8">
      <section aria-labelledby="consult-time-heading" className="space-y-5">
        <h3 id="consult-time-heading" className="font-serif text-xl font-bold text-navy-900">
          1. Pick a time
        </h3>
        {timeZone && (
          <Field
            id="consult-zone"
            label="Your time zone"
            hint={`Times are shown in ${timeZoneName(timeZone)}.`}
            className="sm:max-w-sm"
          >
            {(control) => (
              <select {...control} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} className="input">
                {timeZoneChoices(timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}

        {slots.status === 'loading' && (
          <p role="status" className="text-slate-700">
            Loading available times...
          </p>
        )}
        {slots.status === 'failed' && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-slate-700">{consultMessages.slotsFailed}</p>
            <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {slots.status === 'ready' && !day && <p className="text-slate-700">{consultMessages.noSlots}</p>}
        {day && timeZone && (
          <SlotPicker
            days={days}
            timeZone={timeZone}
            day={day}
            slot={slot}
            problem={problems.slot}
            onDay={setDate}
            onSlot={chooseSlot}
            firstTimeRef={(el) => {
              firstTime.current = el;
            }}
          />
        )}
      </section>

      <section aria-labelledby="consult-details-heading" className="space-y-5">
        <h3 id="consult-details-heading" className="font-serif text-xl font-bold text-navy-900">
          2. Your details
        </h3>
        <p className="rounded-lg bg-navy-50 px-4 py-3 text-sm text-navy-900" aria-live="polite">
          {slot && timeZone ? (
            <>
              Your consult: <strong>{formatConsult(slot, slotEnd(slot), timeZone)}</strong>
            </>
          ) : (
            'No time chosen yet.'
          )}
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="consult-name" label="Your name" required error={problems.name}>
            {(control) => (
              <input
                {...control}
                ref={(el) => {
                  fields.current.name = el;
                }}
                name="name"
                type="text"
                autoComplete="name"
                required
                maxLength={CONSULT_LIMITS.name}
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                className="input"
              />
            )}
          </Field>
          <Field id="consult-email" label="Email" required error={problems.email}>
            {(control) => (
              <input
                {...control}
                ref={(el) => {
                  fields.current.email = el;
                }}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={EMAIL_MAX_LENGTH}
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
                className="input"
              />
            )}
          </Field>
          <Field id="consult-major" label="Intended Major (optional)">
            {(control) => (
              <select
                {...control}
                name="intendedMajor"
                value={values.intendedMajor}
                onChange={(e) => set('intendedMajor', e.target.value)}
                className="input"
              >
                <MajorOptions />
              </select>
            )}
          </Field>
          <Field id="consult-editor" label="Preferred Editor">
            {(control) => (
              <select
                {...control}
                name="preferredEditor"
                value={values.preferredEditor}
                onChange={(e) => set('preferredEditor', e.target.value)}
                className="input"
              >
                <EditorOptions editors={editors} />
              </select>
            )}
          </Field>
        </div>
      </section>

      <div className="flex flex-col gap-3">
        <p role="alert" className="font-medium text-red-700">
          {error && <span key={error.n}>{error.text}</span>}
        </p>
        {/* Disabled until the times are here, so the browser never submits the form natively. */}
        <button
          ref={submitButton}
          type="submit"
          className="btn-primary sm:self-start"
          disabled={sending || slots.status !== 'ready'}
        >
          {sending ? 'Booking...' : 'Book Consult'}
        </button>
      </div>
    </form>
  );
}
