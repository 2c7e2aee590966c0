/**
 * The 'Contact and Booking' form on /contact. Messages go to live regions, never
 * to window.alert. It is a real form: its fields keep their own values (React reads them, never
 * overwrites them), so what a visitor types before the island hydrates stays; sent before hydration,
 * it posts natively to POST /api/contact, which answers with a page
 * (docs/decisions/015-no-input-lost-before-hydration.md).
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { apiFetch } from '#client/api';
import { CONTACT_SERVICE_OPTIONS, TURNAROUND_OPTIONS } from '#lib/catalogue';
import { EditorOptions } from '../../editors/islands/EditorOptions';
import { MajorOptions } from '../../../islands/shared/MajorOptions';
import {
  DETAILS_WORD_LIMIT,
  INQUIRY_FIELD_LABELS,
  INQUIRY_LIMITS,
  needsTurnaround,
  turnaroundLabel,
  isRequired,
} from '#lib/contact';
import { countWords } from '#lib/words';
import type { EditorChoice } from '#features/editors/editor-rules';
import { EMAIL_MAX_LENGTH } from '#lib/email';
import { messages } from '#lib/messages';
import { useEditors } from '#features/editors/islands/useEditors';
import { Field } from '../../../islands/shared/Field';
import {
  EMPTY_FORM,
  checkForm,
  firstProblem,
  problemFromServer,
  toPayload,
  valuesFromForm,
  type Problems,
  type TextField,
} from './inquiry-form';

/** `n` counts submissions: the same message twice is new text for a screen reader to announce. */
type Outcome = { kind: 'error' | 'success'; text: string; n: number } | null;

/** Where the form posts, with or without this island. */
const ACTION = '/api/contact';

export default function ContactForm({ builtEditors }: { builtEditors: EditorChoice[] }) {
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcomeState] = useState<Outcome>(null);
  const setOutcome = (kind: 'error' | 'success', text: string) =>
    setOutcomeState((o) => ({ kind, text, n: (o?.n ?? 0) + 1 }));
  const [sending, setSending] = useState(false);
  // What the page shows from the fields: the turnaround question and the word count.
  const [services, setServices] = useState<string[]>([]);
  const [words, setWords] = useState(0);
  const editors = useEditors(builtEditors).shown;
  // State updates land on the next render; the ref stops a double click from sending twice.
  const sendingNow = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const follow = () => {
    if (!form.current) return;
    const values = valuesFromForm(form.current);
    setServices(values.services);
    setWords(countWords(values.details));
  };
  // Whatever was typed or ticked before hydration is in the fields already: show what follows from it.
  useLayoutEffect(follow, []);
  // Touched while the page still loads, the form may hydrate before the browser fills it in again
  // (on the way back to it): follow what it filled in, once the page has loaded.
  useEffect(() => {
    if (document.readyState === 'complete') return;
    window.addEventListener('load', follow, { once: true });
    return () => window.removeEventListener('load', follow);
  }, []);

  function changed(event: FormEvent<HTMLFormElement>) {
    follow();
    const { name } = event.target as HTMLInputElement;
    if (name in problems) setProblems(({ [name as keyof Problems]: _, ...rest }) => rest);
  }

  /** Name and starting value of a text field; a required one says so. */
  const bind = (field: TextField) => ({
    name: field,
    defaultValue: EMPTY_FORM[field],
    ...(isRequired(field) && { required: true }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingNow.current) return;
    const values = valuesFromForm(event.currentTarget);
    const check = checkForm(values);
    setProblems(check.problems);
    const formElement = event.currentTarget;
    const focus = (field: string) => (formElement.elements.namedItem(field) as HTMLElement | null)?.focus();
    if (check.summary) {
      setOutcome('error', check.summary);
      const first = firstProblem(check.problems);
      if (first) focus(first);
      return;
    }

    sendingNow.current = true;
    setSending(true);
    setOutcomeState(null);
    const result = await apiFetch(ACTION, { method: 'POST', body: toPayload(values) });
    sendingNow.current = false;
    // The server judges what the page cannot (a phone number): its word goes next to the field.
    const refused = !result.ok && result.status === 400 ? problemFromServer(result.error) : null;
    flushSync(() => {
      setSending(false);
      if (result.ok) {
        form.current?.reset();
        follow();
        setOutcome('success', messages.contactSuccess);
      } else if (refused) {
        setProblems({ [refused.field]: refused.message });
        setOutcome('error', refused.message);
      } else {
        setOutcome('error', messages.contactFailure);
      }
    });
    if (refused) return focus(refused.field);
    // The disabled button lost focus; give it back unless the visitor has moved on meanwhile.
    if (document.activeElement === document.body || document.activeElement === submitButton.current) {
      submitButton.current?.focus();
    }
  }

  const showTurnaround = needsTurnaround(services);

  return (
    <form
      ref={form}
      noValidate
      method="post"
      action={ACTION}
      onSubmit={submit}
      onChange={changed}
      className="relative grid gap-6 sm:grid-cols-2"
    >
      <p className="text-sm text-slate-600 sm:col-span-2">Required fields are marked with an asterisk (*).</p>

      <Field id="contact-parent-name" label={INQUIRY_FIELD_LABELS.parentName} required error={problems.parentName}>
        {(control) => (
          <input
            {...control}
            {...bind('parentName')}
            type="text"
            autoComplete="name"
            maxLength={INQUIRY_LIMITS.parentName}
            className="input"
          />
        )}
      </Field>

      <Field id="contact-student-info" label={INQUIRY_FIELD_LABELS.studentInfo} required error={problems.studentInfo}>
        {(control) => (
          <input
            {...control}
            {...bind('studentInfo')}
            type="text"
            autoComplete="off"
            placeholder="Jane Doe, 11th Grade"
            maxLength={INQUIRY_LIMITS.studentInfo}
            className="input"
          />
        )}
      </Field>

      <Field id="contact-major" label={INQUIRY_FIELD_LABELS.intendedMajor} required error={problems.intendedMajor}>
        {(control) => (
          <select {...control} {...bind('intendedMajor')} className="input">
            <MajorOptions />
          </select>
        )}
      </Field>

      <Field id="contact-editor" label={`${INQUIRY_FIELD_LABELS.preferredEditor} (Select by major)`}>
        {(control) => (
          <select {...control} {...bind('preferredEditor')} className="input">
            <EditorOptions editors={editors} />
          </select>
        )}
      </Field>

      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">Services you are interested in</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CONTACT_SERVICE_OPTIONS.map((option) => (
            <label
              key={option.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-navy-600 has-checked:bg-navy-50"
            >
              <input type="checkbox" name="services" value={option.id} className="size-5 accent-navy-700" />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {showTurnaround && (
        <Field id="contact-turnaround" label={INQUIRY_FIELD_LABELS.turnaround} className="sm:col-span-2">
          {(control) => (
            <select {...control} {...bind('turnaround')} className="input sm:max-w-sm">
              {TURNAROUND_OPTIONS.map((option) => (
                <option key={option.id} value={option.id}>
                  {turnaroundLabel(option)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}

      <Field id="contact-email" label={INQUIRY_FIELD_LABELS.email} required error={problems.email}>
        {(control) => (
          <input
            {...control}
            {...bind('email')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            className="input"
          />
        )}
      </Field>

      <Field id="contact-phone" label={`${INQUIRY_FIELD_LABELS.phone} (optional)`} error={problems.phone}>
        {(control) => (
          <input
            {...control}
            {...bind('phone')}
            type="tel"
            autoComplete="tel"
            maxLength={INQUIRY_LIMITS.phone}
            className="input"
          />
        )}
      </Field>

      <Field
        id="contact-details"
        label={`${INQUIRY_FIELD_LABELS.details} (max ${DETAILS_WORD_LIMIT} words)`}
        className="sm:col-span-2"
        hint={
          <span
            className={words > DETAILS_WORD_LIMIT ? 'font-medium text-red-700' : undefined}
          >{`${words} of ${DETAILS_WORD_LIMIT} words`}</span>
        }
        error={problems.details}
      >
        {(control) => (
          <textarea {...control} {...bind('details')} rows={4} maxLength={INQUIRY_LIMITS.details} className="input" />
        )}
      </Field>

      {/* The honeypot: out of sight, out of the tab order, hidden from screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" {...bind('website')} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="flex flex-col gap-3 sm:col-span-2">
        {/* Live regions stay in the page, empty, so that what appears in them is announced. */}
        <div>
          <p role="alert" className="font-medium text-red-700">
            {outcome?.kind === 'error' && <span key={outcome.n}>{outcome.text}</span>}
          </p>
          <p role="status" className="font-medium text-green-800">
            {outcome?.kind === 'success' && <span key={outcome.n}>{outcome.text}</span>}
          </p>
        </div>
        <button ref={submitButton} type="submit" className="btn-primary sm:self-start" disabled={sending}>
          {sending ? 'Sending...' : 'Send Inquiry'}
        </button>
      </div>
    </form>
  );
}
