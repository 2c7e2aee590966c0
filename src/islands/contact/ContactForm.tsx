/**
 * The 'Contact and Booking' form (SPEC §2 /contact, §4, §5, §8). Messages go to live regions, never
 * to window.alert. Until the island is interactive the button stays disabled, so the browser never
 * submits the form natively (which would put a family's details into a URL).
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { apiFetch } from '../../client/api';
import { CONTACT_SERVICE_OPTIONS, MAJORS, TURNAROUND_OPTIONS, majorValue } from '../../lib/catalogue';
import { ANY_EDITOR, DETAILS_WORD_LIMIT, INQUIRY_LIMITS, countWords, needsTurnaround, turnaroundLabel } from '../../lib/contact';
import { EMAIL_MAX_LENGTH } from '../../lib/email';
import { messages } from '../../lib/messages';
import { useEditors } from '../shared/useEditors';
import { Field } from './Field';
import {
  EMPTY_FORM,
  FIELD_LABELS,
  REQUIRED_FIELDS,
  checkForm,
  isRequired,
  toPayload,
  type InquiryFormValues,
  type Problems,
  type RequiredField,
  type TextField,
} from './inquiry-form';

/** `n` counts submissions: the same message twice is new text for a screen reader to announce. */
type Outcome = { kind: 'error' | 'success'; text: string; n: number } | null;

export default function ContactForm() {
  const [values, setValues] = useState<InquiryFormValues>(EMPTY_FORM);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcomeState] = useState<Outcome>(null);
  const setOutcome = (kind: 'error' | 'success', text: string) => setOutcomeState((o) => ({ kind, text, n: (o?.n ?? 0) + 1 }));
  const [sending, setSending] = useState(false);
  const [interactive, setInteractive] = useState(false);
  const editorsState = useEditors();
  const editors = editorsState.status === 'ready' ? editorsState.editors : [];
  // State updates land on the next render; the ref stops a double click from sending twice.
  const sendingNow = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const requiredControls = useRef<Partial<Record<RequiredField, HTMLElement | null>>>({});

  useEffect(() => {
    setInteractive(true);
  }, []);

  const set = <K extends keyof InquiryFormValues>(key: K, value: InquiryFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in problems) setProblems(({ [key as RequiredField]: _, ...rest }) => rest);
  };
  const toggleService = (id: string, checked: boolean) =>
    set('services', checked ? [...values.services, id] : values.services.filter((s) => s !== id));
  /** Name, value and change handler of a text field; a required one also registers for focus. */
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(field, e.target.value),
    ...(isRequired(field) && {
      required: true,
      ref: (el: HTMLElement | null) => {
        requiredControls.current[field] = el;
      },
    }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingNow.current) return;
    const check = checkForm(values);
    setProblems(check.problems);
    if (check.summary) {
      setOutcome('error', check.summary);
      const first = REQUIRED_FIELDS.find((f) => check.problems[f]);
      if (first) requiredControls.current[first]?.focus();
      return;
    }

    sendingNow.current = true;
    setSending(true);
    setOutcomeState(null);
    const result = await apiFetch('/api/contact', { method: 'POST', body: toPayload(values) });
    sendingNow.current = false;
    flushSync(() => {
      setSending(false);
      if (result.ok) {
        setValues(EMPTY_FORM);
        setOutcome('success', messages.contactSuccess);
      } else {
        setOutcome('error', messages.contactFailure);
      }
    });
    // The disabled button lost focus; give it back unless the visitor has moved on meanwhile.
    if (document.activeElement === document.body || document.activeElement === submitButton.current) {
      submitButton.current?.focus();
    }
  }

  const showTurnaround = needsTurnaround(values.services);
  const words = countWords(values.details);

  return (
    <form noValidate method="post" onSubmit={submit} className="relative grid gap-6 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2">Required fields are marked with an asterisk (*).</p>

      <Field id="contact-parent-name" label={FIELD_LABELS.parentName} required error={problems.parentName}>
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

      <Field id="contact-student-info" label={FIELD_LABELS.studentInfo} required error={problems.studentInfo}>
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

      <Field id="contact-major" label={FIELD_LABELS.intendedMajor} required error={problems.intendedMajor}>
        {(control) => (
          <select {...control} {...bind('intendedMajor')} className="input">
            <option value="">Select a major</option>
            {MAJORS.map((major) => (
              <option key={major} value={majorValue(major)}>
                {major}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field id="contact-editor" label="Preferred Editor (Select by major)">
        {(control) => (
          <select {...control} {...bind('preferredEditor')} className="input">
            <option value={ANY_EDITOR.value}>{ANY_EDITOR.label}</option>
            {editors.map((editor) => (
              <option key={editor.id} value={editor.id}>
                {editor.name} - {editor.major}
              </option>
            ))}
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
              <input
                type="checkbox"
                name="services"
                value={option.id}
                className="size-5 accent-navy-700"
                checked={values.services.includes(option.id)}
                onChange={(e) => toggleService(option.id, e.target.checked)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {showTurnaround && (
        <Field id="contact-turnaround" label="Preferred Turnaround" className="sm:col-span-2">
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

      <Field id="contact-email" label={FIELD_LABELS.email} required error={problems.email}>
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

      <Field id="contact-phone" label="Phone (optional)">
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
        label={`Additional Details/Questions (max ${DETAILS_WORD_LIMIT} words)`}
        className="sm:col-span-2"
        hint={`${words} of ${DETAILS_WORD_LIMIT} words`}
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
        <button ref={submitButton} type="submit" className="btn-primary sm:self-start" disabled={!interactive || sending}>
          {sending ? 'Sending...' : 'Send Inquiry'}
        </button>
      </div>
    </form>
  );
}
