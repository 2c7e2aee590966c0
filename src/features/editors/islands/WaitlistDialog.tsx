/**
 * 'Join Waitlist': a modal dialog asking for an e-mail. Empty submit does nothing; for a good address
 * we mail a link (POST /api/waitlist) and the dialog says to open it: only a confirmed address waits.
 * From there the visitor may go on to select-services with the editor chosen. Native <dialog> gives Escape and an inert page; we add a
 * focus trap so Tab never leaves it, and focus returns to the button that opened it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiFetch } from '#client/api';
import { emailMessages, isEmail, normalizeEmail } from '#lib/email';
import { waitlistInstruction } from '#features/contact/opt-in';
import type { Editor } from '../editor-rules';
import { trapTab } from '../../../islands/shared/focus-trap';
import { useModalDialog } from '../../../islands/shared/useModalDialog';
import { reserveHref } from './links';

const SAVE_FAILED = 'We could not add you to the waitlist. Please try again.';

interface Props {
  editor: Editor;
  onClose: () => void;
}

export function WaitlistDialog({ editor, onClose }: Props) {
  const { dialogProps, close } = useModalDialog(onClose);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const next = useRef<HTMLAnchorElement>(null);
  const id = useId();
  // The form that had the focus is gone: the way on takes it.
  useEffect(() => {
    if (sent) next.current?.focus();
  }, [sent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (busy || !address) return;
    if (!isEmail(address)) return setError(emailMessages.invalid);
    setError('');
    setBusy(true);
    const result = await apiFetch('/api/waitlist', { method: 'POST', body: { email: address, editorId: editor.id } });
    setBusy(false);
    if (result.ok) return setSent(true);
    setError(SAVE_FAILED);
  };

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onKeyDown={trapTab}
      className="fixed inset-0 m-auto h-fit w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-navy-900/60"
    >
      {sent ? (
        <div className="space-y-4">
          <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy-900">
            Join the waitlist for {editor.name}
          </h2>
          <p id={`${id}-description`} role="status" className="text-sm text-slate-700">
            {waitlistInstruction(editor.name)}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={close}>
              Close
            </button>
            <a className="btn-primary" href={reserveHref(editor.id)} ref={next}>
              Choose your services
            </a>
          </div>
        </div>
      ) : (
        <form method="post" onSubmit={submit} noValidate className="space-y-4">
          <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-navy-900">
            Join the waitlist for {editor.name}
          </h2>
          <p id={`${id}-description`} className="text-sm text-slate-700">
            Leave your e-mail: once you confirm it through the link we send, we will tell you when {editor.name} has an
            open slot. You can then choose your services.
          </p>
          <div className="space-y-1">
            <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-navy-900">
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="email"
              className="input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
            />
            <p id={`${id}-error`} role="alert" className="min-h-5 text-sm font-medium text-red-700">
              {error}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Joining...' : 'Join Waitlist'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
