import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { EDITOR_TEXT_LIMITS as limit } from '../../editor-input';
import { FULL_EDITOR_HINT } from '../../editor-rules';
import { EMAIL_MAX_LENGTH } from '#lib/email';
import type { EditorInput } from '../../editor-rules';
import {
  problemOfApi,
  toEditorInput,
  type EditorFormProblem,
  type EditorFormValues,
  type FormField,
  type TextField,
} from './editor-form';
import { PhotoField } from './PhotoField';

interface EditorFormProps {
  /** The form's heading and accessible name, e.g. 'New editor' or 'Edit Maya Chen'. */
  heading: string;
  initial: EditorFormValues;
  submitLabel: string;
  /** Saves; answers null on success or the reason it failed. */
  onSubmit: (input: EditorInput) => Promise<string | null>;
  onCancel: () => void;
}

const labelClass = 'block text-sm font-semibold text-slate-800';

/** What is wrong with one field, under it; its id is `<field id>-problem`, which the field names. */
function FieldProblem({ fieldId, message }: { fieldId: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${fieldId}-problem`} role="alert" className="text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

type FieldExtras = { label: string; id: string; problem?: string; hint?: string };

function TextInput({ label, problem, hint, ...input }: FieldExtras & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={input.id} className={labelClass}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input className="input" {...input} />
      {hint && (
        <p id={`${input.id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <FieldProblem fieldId={input.id} message={problem} />
    </div>
  );
}

function LongText({
  label,
  problem,
  ...textarea
}: Omit<FieldExtras, 'hint'> & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="space-y-1 sm:col-span-2">
      <label htmlFor={textarea.id} className={labelClass}>
        {label}
      </label>
      <textarea className="input min-h-24" rows={3} {...textarea} />
      <FieldProblem fieldId={textarea.id} message={problem} />
    </div>
  );
}

const ACCOUNT_HINT =
  'The address this editor signs in with to open their workspace at /editor. Leave it empty for no account.';

/** Every Editor field plus the featured flags; used to add an editor and to edit one in place. */
export function EditorForm({ heading, initial, submitLabel, onSubmit, onCancel }: EditorFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<EditorFormProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  /** The id, problem and ARIA links of a field; `hinted` fields also point at their hint. */
  const described = (field: FormField, hinted = false) => {
    const fieldId = `${id}-${field}`;
    const message = problem?.field === field ? problem.message : undefined;
    const ids = [hinted && `${fieldId}-hint`, message && `${fieldId}-problem`].filter(Boolean).join(' ');
    return {
      id: fieldId,
      problem: message,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };
  const text = (field: TextField) => ({
    ...described(field),
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });
  const flag = (page: 'home' | 'about') => ({
    checked: values.featured[page],
    onChange: (e: { target: { checked: boolean } }) =>
      setValues((v) => ({ ...v, featured: { ...v.featured, [page]: e.target.checked } })),
  });

  /** Shows the problem at its field and takes the admin there. */
  function show(found: EditorFormProblem) {
    setProblem(found);
    if (found.field) requestAnimationFrame(() => document.getElementById(`${id}-${found.field}`)?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toEditorInput(values);
    if (!parsed.ok) return show(parsed);
    setProblem(null);
    setSaving(true);
    const failure = await onSubmit(parsed.input);
    setSaving(false);
    if (failure) show(problemOfApi(failure));
  }

  return (
    <form ref={form} method="post" aria-labelledby={`${id}-heading`} onSubmit={submit} className="space-y-4">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-navy-900">
        {heading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Name" required maxLength={limit.name} autoComplete="off" {...text('name')} />
        <TextInput label="College" required maxLength={limit.college} {...text('college')} />
        <TextInput label="Major" required maxLength={limit.major} {...text('major')} />
        <TextInput
          label="Editor account e-mail"
          hint={ACCOUNT_HINT}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
          value={values.accountEmail}
          onChange={(e) => setValues((v) => ({ ...v, accountEmail: e.target.value }))}
          {...described('accountEmail', true)}
        />
        <TextInput label="SAT/ACT" maxLength={limit.sat} {...text('sat')} />
        <TextInput label="GPA" maxLength={limit.gpa} {...text('gpa')} />
        <div className="grid grid-cols-2 gap-4">
          <TextInput
            label="Slots open"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            {...text('slotsOpen')}
            // A new editor starts at 0: said before saving, so nobody goes live full by accident.
            {...(Number(values.slotsOpen) === 0 && { hint: FULL_EDITOR_HINT, ...described('slotsOpen', true) })}
          />
          <TextInput label="Total slots" type="number" min={1} step={1} inputMode="numeric" {...text('totalSlots')} />
        </div>
        <PhotoField
          id={id}
          value={values.image}
          problem={problem?.field === 'image' ? problem.message : undefined}
          onChange={(image) => setValues((v) => ({ ...v, image }))}
          onBusyChange={setUploading}
        />
        <LongText label="Extracurriculars" maxLength={limit.ecs} {...text('ecs')} />
        <LongText label="Strengths" maxLength={limit.strengths} {...text('strengths')} />
        <LongText label="Bio, in the editor's words" maxLength={limit.bio} {...text('bio')} />
        <fieldset className="sm:col-span-2">
          <legend className={labelClass}>Featured on</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-5 accent-navy-700" {...flag('home')} /> Home page
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-5 accent-navy-700" {...flag('about')} /> About page
            </label>
          </div>
        </fieldset>
      </div>
      {/* A problem of no one field (the server failed, say); a field's own shows at the field. */}
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem?.field === null ? problem.message : ''}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving || uploading}>
          {saving ? 'Saving...' : submitLabel}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
