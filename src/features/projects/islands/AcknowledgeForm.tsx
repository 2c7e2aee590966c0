import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type ProjectView } from '../project';
import { actionLabel, DELIVERY_LIMITS } from '../process';
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

/** 'Acknowledge': the editor's first message to the family (the promise to reach out within 24 hours). */
export function AcknowledgeForm({ project, busy, onSubmit, onCancel }: Props) {
  const [message, setMessage, clear] = useKeptText(`${project.id}:acknowledge`);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = !message.trim()
      ? 'Write a first message to the family.'
      : message.length > DELIVERY_LIMITS.message
        ? `A message can be at most ${formatCount(DELIVERY_LIMITS.message)} characters.`
        : '';
    setError(problem);
    if (problem) return field.current?.focus();
    if (await onSubmit({ version: project.version, message: message.trim() })) clear();
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
        label="First message to the family"
        hint={`Say hello, what you will look at first and when ${project.student.name} can expect your feedback.`}
        value={message}
        onValue={setMessage}
        max={DELIVERY_LIMITS.message}
        error={error}
      />
      <FormButtons label={busy ? 'Sending...' : actionLabel.acknowledge} disabled={busy} onClose={onCancel} />
    </form>
  );
}
