import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type ProjectView } from '../project';
import { TextArea } from './TextArea';
import { useKeptText } from './useKeptText';
import { FormButtons } from './FormButtons';

export interface StepFormProps {
  project: ProjectView;
  busy: boolean;
  onSubmit: (body: object) => Promise<boolean>;
  onCancel: () => void;
}

/** A step whose one field is required text, in its own words. */
export interface TextStep {
  /** The step's action: the typed text is kept across reloads under it, beside the project's id. */
  action: string;
  /** The field of the step's body the text goes in. */
  field: string;
  label: string;
  hint: string;
  max: number;
  missing: string;
  tooLong: string;
  submitLabel: string;
  /** Said above the field: what taking the step means. */
  intro?: string;
  /** The form's border and background. */
  frame: string;
}

/** A step form with one required text field: the text is kept while typed, and an error shows only while it holds. */
export function TextStepForm({ step, project, busy, onSubmit, onCancel }: StepFormProps & { step: TextStep }) {
  const [text, setText, clear] = useKeptText(`${project.id}:${step.action}`);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const problemOf = (value: string) => (!value.trim() ? step.missing : value.length > step.max ? step.tooLong : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = problemOf(text);
    setError(problem);
    if (problem) return field.current?.focus();
    if (await onSubmit({ version: project.version, [step.field]: text.trim() })) clear();
  }

  return (
    <form method="post" onSubmit={submit} noValidate className={`space-y-4 rounded-xl border p-4 ${step.frame}`}>
      {step.intro && <p className="text-sm text-slate-800">{step.intro}</p>}
      <TextArea
        ref={field}
        label={step.label}
        hint={step.hint}
        value={text}
        onValue={(value) => {
          setText(value);
          if (error && !problemOf(value)) setError('');
        }}
        max={step.max}
        error={error}
      />
      <FormButtons label={busy ? 'Sending...' : step.submitLabel} disabled={busy} onClose={onCancel} />
    </form>
  );
}
