import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useState, type FormEvent } from 'react';
import { firebaseAuth } from '#client/firebase';
import { messages } from '#lib/messages';
import { Field } from './Field';
import { Notice, type NoticeValue } from '../Notice';
import { useBrowserValue } from '../useBrowserValue';
import { MIN_PASSWORD_LENGTH } from './RegisterForm';
import { useAuthAction } from './useAuthAction';

type State = { step: 'checking' } | { step: 'invalid' } | { step: 'form'; email: string } | { step: 'done' };

const codeOfLink = () => new URLSearchParams(location.search).get('oobCode') ?? '';

/**
 * Our page behind the password-reset e-mail's link (Firebase's action URL points here): checks the
 * one-time code, then lets the user choose a new password.
 */
export default function ResetPasswordForm() {
  // The link's one-time code: null in the page as built, '' when the link has none.
  const code = useBrowserValue<string | null>(codeOfLink, null);
  const [checked, setState] = useState<State>({ step: 'checking' });
  // Without a code there is nothing to ask Firebase (it would answer 400, an error in the console).
  const state: State = code === '' ? { step: 'invalid' } : checked;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { busy, run } = useAuthAction(setNotice);

  useEffect(() => {
    if (!code) return;
    verifyPasswordResetCode(firebaseAuth(), code).then(
      (email) => setState({ step: 'form', email }),
      () => setState({ step: 'invalid' }),
    );
  }, [code]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setNotice({ kind: 'error', text: messages.passwordsMismatch });
    if (password.length < MIN_PASSWORD_LENGTH) return setNotice({ kind: 'error', text: messages.passwordTooShort });
    if (await run('reset', () => confirmPasswordReset(firebaseAuth(), code!, password), messages.passwordChanged))
      setState({ step: 'done' });
  }

  if (state.step === 'checking') return <p role="status">Checking your reset link...</p>;
  if (state.step === 'invalid' || state.step === 'done') {
    const done = state.step === 'done';
    return (
      <div className="space-y-4">
        <p
          role={done ? 'status' : 'alert'}
          className={done ? 'font-medium text-green-800' : 'font-medium text-red-800'}
        >
          {done ? messages.passwordChanged : messages.resetLinkInvalid}
        </p>
        <a href="/dashboard" className="btn-primary">
          {done ? 'Go to Log In' : 'Back to Log In'}
        </a>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-700">
        Choose a new password for <strong className="break-all">{state.email}</strong>.
      </p>
      <Field
        label="New Password"
        id="reset-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm New Password"
        id="reset-confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Set New Password'}
      </button>
      <Notice notice={notice} />
    </form>
  );
}
