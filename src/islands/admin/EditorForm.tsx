import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { EDITOR_TEXT_LIMITS as limit } from '../../lib/editor-input';
import type { EditorInput } from '../../lib/schemas';
import { toEditorInput, type EditorFormValues, type TextField } from './editor-form';
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

function TextInput({ label, ...input }: { label: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={input.id} className={labelClass}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input className="input" {...input} />
    </div>
  );
}

function LongText({ label, ...textarea }: { label: string; id: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="space-y-1 sm:col-span-2">
      <label htmlFor={textarea.id} className={labelClass}>
        {label}
      </label>
      <textarea className="input min-h-24" rows={3} {...textarea} />
    </div>
  );
}

/** Every Editor field (SPEC §3) plus the featured flags; used to add an editor and to edit one in place. */
export function EditorForm({ heading, initial, submitLabel, onSubmit, onCancel }: EditorFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<{ field: TextField | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const text = (field: TextField) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    'aria-invalid': problem?.field === field || undefined,
    'aria-describedby': problem?.field === field ? `${id}-problem` : undefined,
  });
  const flag = (page: 'home' | 'about') => ({
    checked: values.featured[page],
    onChange: (e: { target: { checked: boolean } }) => setValues((v) => ({ ...v, featured: { ...v.featured, [page]: e.target.checked } })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toEditorInput(values);
    if (!parsed.ok) {
      setProblem({ field: parsed.field, message: parsed.message });
      if (parsed.field) document.getElementById(`${id}-${parsed.field}`)?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    const failure = await onSubmit(parsed.input);
    setSaving(false);
    if (failure) setProblem({ field: null, message: failure });
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
        <TextInput label="SAT/ACT" maxLength={limit.sat} {...text('sat')} />
        <TextInput label="GPA" maxLength={limit.gpa} {...text('gpa')} />
        <div className="grid grid-cols-2 gap-4">
          <TextInput label="Slots open" type="number" min={0} step={1} inputMode="numeric" {...text('slotsOpen')} />
          <TextInput label="Total slots" type="number" min={1} step={1} inputMode="numeric" {...text('totalSlots')} />
        </div>
        <PhotoField id={id} value={values.image} onChange={(image) => setValues((v) => ({ ...v, image }))} onBusyChange={setUploading} />
        <LongText label="Extracurriculars" maxLength={limit.ecs} {...text('ecs')} />
        <LongText label="Strengths" maxLength={limit.strengths} {...text('strengths')} />
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
      <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {problem?.message ?? ''}
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
