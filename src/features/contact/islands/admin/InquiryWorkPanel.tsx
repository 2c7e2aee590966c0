import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { INQUIRY_WORK_TEXT_MAX, inquiryWorkMessages, type InquiryItem } from '#lib/admin-lists';
import { showToast } from '../../../../islands/shared/admin/toasts';
import { useSignedInFetch } from '../../../../islands/shared/useSignedInFetch';
import { addNote, sendReply, setOwner, TEAM_PATH, type TeamAddresses } from './inquiry-work-api';

const NOBODY = '';

/** Who looks after the inquiry: anyone on the team, or nobody. */
function OwnerChoice({ item, onChanged }: { item: InquiryItem; onChanged: (item: InquiryItem) => void }) {
  const id = useId();
  const { value } = useSignedInFetch<TeamAddresses>(TEAM_PATH);
  const [busy, setBusy] = useState(false);
  const team = value.state === 'done' && value.result.ok ? value.result.data.members.map((m) => m.email) : [];
  const choices = [...new Set([...team, ...(item.owner ? [item.owner] : [])])];

  async function change(owner: string) {
    setBusy(true);
    const result = await setOwner(item.id, owner || null);
    setBusy(false);
    if (!result.ok) return showToast('error', result.error);
    onChanged(result.data);
    showToast('success', inquiryWorkMessages.ownerSet(result.data.owner));
  }

  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-owner`} className="block text-sm font-semibold text-slate-800">
        Looked after by
      </label>
      <select
        id={`${id}-owner`}
        value={item.owner ?? NOBODY}
        aria-disabled={busy}
        onChange={(event) => void (busy ? undefined : change(event.target.value))}
        className="input max-w-md"
      >
        <option value={NOBODY}>Nobody yet</option>
        {choices.map((email) => (
          <option key={email} value={email}>
            {email}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Our team's work on one inquiry: who looks after it, and a note kept with it or a reply mailed to
 * its address and kept with it. Each send has its request id: sent again after a lost answer, it is
 * the same note or reply, made once.
 */
export default function InquiryWorkPanel({
  item,
  onChanged,
  onClose,
}: {
  item: InquiryItem;
  onChanged: (item: InquiryItem) => void;
  onClose: () => void;
}) {
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const requestId = useRef(crypto.randomUUID());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'note' | 'reply' | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => textRef.current?.focus(), []);

  async function send(event: FormEvent, kind: 'note' | 'reply') {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setProblem(inquiryWorkMessages.empty);
      return textRef.current?.focus();
    }
    setBusy(kind);
    const result = await (kind === 'note' ? addNote : sendReply)(item.id, requestId.current, text.trim());
    setBusy(null);
    if (!result.ok) {
      setProblem(result.error);
      return textRef.current?.focus();
    }
    requestId.current = crypto.randomUUID();
    setText('');
    setProblem('');
    onChanged(result.data);
    showToast('success', kind === 'note' ? inquiryWorkMessages.noteSaved : inquiryWorkMessages.replySent(item.email));
    textRef.current?.focus();
  }

  return (
    <div className="mt-4 space-y-3 rounded-lg border border-navy-200 bg-navy-50 p-4">
      <OwnerChoice item={item} onChanged={onChanged} />
      <form method="post" noValidate onSubmit={(event) => void send(event, 'reply')} className="space-y-2">
        <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-slate-800">
          Reply or note
        </label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          rows={5}
          maxLength={INQUIRY_WORK_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          className="input min-h-28 w-full"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          A reply is e-mailed to {item.email} alone, from our address, and kept here; a note is kept here for our team.
          At most {INQUIRY_WORK_TEXT_MAX} characters.
        </p>
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
          {problem}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className="btn-primary min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
            aria-disabled={busy !== null}
          >
            {busy === 'reply' ? 'Sending…' : 'Send reply'}
          </button>
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm aria-disabled:opacity-60"
            aria-disabled={busy !== null}
            onClick={(event) => void send(event, 'note')}
          >
            {busy === 'note' ? 'Saving…' : 'Save as a note'}
          </button>
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </div>
  );
}
