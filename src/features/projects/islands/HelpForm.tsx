import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type ProjectView } from '../project';
import { actionLabel, DELIVERY_LIMITS, HELP_PROMISE } from '../process';
import { TextArea } from './TextArea';
import { useKeptText } from './useKeptText';
import { FormButtons } from './FormButtons';
import { formatCount } from '#lib/numbers';

interface Props {
  project: ProjectView;
  busy: boolean;
  onSubmit: (body: object) => Promise<boolean>;
  onCancel: () => void;
}

/** 'Ask for help with this feedback': what disappoints the family, for the editor and our team to read. */
export function HelpForm({ project, busy, onSubmit, onCancel }: Props) {
  const [reason, setReason, clear] = useKeptText(`${project.id}:ask-for-help`);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = !reason.trim()
      ? 'Say what disappoints you in this feedback: your editor and our team read it.'
      : reason.length > DELIVERY_LIMITS.helpReason
        ? `At most ${formatCount(DELIVERY_LIMITS.helpReason)} characters.`
        : '';
    setError(problem);
    if (problem) return field.current?.focus();
    if (await onSubmit({ version: project.version, reason: reason.trim() })) clear();
  }

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-amber-300 bg-amber-50/60 p-4"
    >
      <p className="text-sm text-slate-800">{HELP_PROMISE}</p>
      <TextArea
        ref={field}
        label="What disappoints you in this feedback?"
        hint={`Be specific: what ${project.editor.name} missed, or what you expected. Your editor and our team read it.`}
        value={reason}
        onValue={(value) => {
          setReason(value);
          // The error goes once the field is no longer wrong.
          if (error && value.trim() && value.length <= DELIVERY_LIMITS.helpReason) setError('');
        }}
        max={DELIVERY_LIMITS.helpReason}
        error={error}
      />
      <FormButtons label={busy ? 'Sending...' : actionLabel['ask-for-help']} disabled={busy} onClose={onCancel} />
    </form>
  );
}
