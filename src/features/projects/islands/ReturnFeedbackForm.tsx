import { useEffect, useRef, useState, type FormEvent } from 'react';
import { actionLabel, DELIVERY_LIMITS } from '../process';
import { FileField } from './FileField';
import { TextArea } from './TextArea';
import { useKeptText } from './useKeptText';
import { useUploads } from './useUploads';
import { FormButtons } from './FormButtons';
import type { StepFormProps } from './TextStepForm';
import { formatCount } from '#lib/numbers';

/** 'Return Feedback': notes (required) and up to 5 files, each uploaded first, then named by the step. */
export function ReturnFeedbackForm({ project, busy, onSubmit, onCancel }: StepFormProps) {
  const [notes, setNotes, clear] = useKeptText(`${project.id}:return`);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ notes?: string; files?: string }>({});
  const [uploading, setUploading] = useState(false);
  const uploadAll = useUploads(project.id);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading) return;
    const problem = !notes.trim()
      ? 'Write your notes for the family.'
      : notes.length > DELIVERY_LIMITS.notes
        ? `Notes can be at most ${formatCount(DELIVERY_LIMITS.notes)} characters.`
        : '';
    setErrors({ notes: problem || undefined });
    if (problem) return field.current?.focus();
    setUploading(true);
    const uploaded = await uploadAll(files);
    setUploading(false);
    if (!uploaded.ok) return setErrors({ files: uploaded.error });
    if (await onSubmit({ version: project.version, notes: notes.trim(), fileIds: uploaded.refs.map((f) => f.id) }))
      clear();
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-navy-200 bg-navy-50/50 p-4"
    >
      <TextArea
        ref={field}
        label="Feedback notes"
        hint="What works, what to change next, and why."
        value={notes}
        onValue={setNotes}
        max={DELIVERY_LIMITS.notes}
        error={errors.notes}
        rows={8}
      />
      <FileField
        label="Files with your edits (optional)"
        files={files}
        onFiles={setFiles}
        max={DELIVERY_LIMITS.filesPerReturn}
        error={errors.files}
        onChoice={() => setErrors(({ files: _, ...rest }) => rest)}
      />
      <FormButtons
        label={uploading ? 'Uploading...' : busy ? 'Returning...' : actionLabel.return}
        disabled={busy || uploading}
        onClose={onCancel}
      />
    </form>
  );
}
