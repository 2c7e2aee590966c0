import { useRef, useState, type FormEvent } from 'react';
import { type ProjectMessage, type Role } from '../project';
import { DELIVERY_LIMITS } from '../process';
import { formatDateTime, personLabel } from './format';
import { PlainText } from './Rounds';
import { TextArea } from './TextArea';
import { useKeptText } from './useKeptText';
import { formatCount } from '#lib/numbers';

interface Props {
  projectId: string;
  messages: ProjectMessage[];
  /** The reader's roles on the project: their own messages read 'You'. */
  readerRoles: readonly Role[];
  /** Null when the project takes no more messages (it is over). */
  send: ((text: string) => Promise<boolean>) | null;
  busy: boolean;
  other: string;
}

/** The conversation between the family and the editor, oldest first, and a form to add to it. */
export function MessageThread({ projectId, messages, readerRoles, send, busy, other }: Props) {
  const [text, setText, clear] = useKeptText(`${projectId}:message`);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!send || busy) return;
    const problem = !text.trim()
      ? 'Write a message first.'
      : text.length > DELIVERY_LIMITS.message
        ? `A message can be at most ${formatCount(DELIVERY_LIMITS.message)} characters.`
        : '';
    setError(problem);
    if (problem) return field.current?.focus();
    if (await send(text.trim())) clear();
  }

  return (
    <div className="space-y-3">
      {messages.length === 0 ? (
        <p className="text-sm text-slate-700">No messages yet.</p>
      ) : (
        <ol className="space-y-2">
          {messages.map((message) => {
            const mine = readerRoles.includes(message.by);
            return (
              <li
                key={message.id}
                className={`rounded-xl p-3 ${mine ? 'ml-6 bg-navy-50 sm:ml-16' : 'mr-6 border border-slate-200 bg-white sm:mr-16'}`}
              >
                <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">
                    {personLabel(message.by, message.author, readerRoles)}
                  </span>
                  <time dateTime={message.at}>{formatDateTime(message.at)}</time>
                </p>
                <PlainText text={message.text} className="mt-1 text-sm" />
              </li>
            );
          })}
        </ol>
      )}
      {send && (
        <form method="post" onSubmit={submit} noValidate className="space-y-2">
          <TextArea
            ref={field}
            label={`Message to ${other}`}
            value={text}
            onValue={setText}
            max={DELIVERY_LIMITS.message}
            error={error}
            rows={3}
          />
          <button type="submit" className="btn-outline" disabled={busy}>
            {busy ? 'Sending...' : 'Send Message'}
          </button>
        </form>
      )}
    </div>
  );
}
