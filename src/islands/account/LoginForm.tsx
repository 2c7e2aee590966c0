import { sendPasswordResetEmail, signInWithEmailAndPassword } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { firebaseAuth } from '../../client/firebase';
import { normalizeEmail } from '../../lib/email';
import { messages } from '../../lib/messages';
import { authErrorMessage } from './auth-errors';
import { Field } from './Field';
import type { NoticeValue } from './Notice';

/** The 'Existing Customer' tab: e-mail, password, 'Log In' and 'Forgot Password?' (SPEC §2, §5). */
export function LoginForm({ onNotice }: { onNotice: (notice: NoticeValue) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!address) return onNotice({ kind: 'error', text: messages.emailRequired });
    setBusy(true);
    onNotice(null);
    try {
      await signInWithEmailAndPassword(firebaseAuth(), address, password);
      onNotice({ kind: 'success', text: messages.loginSuccess });
    } catch (error) {
      onNotice({ kind: 'error', text: authErrorMessage('login', error) });
      setBusy(false);
    }
  }

  async function resetPassword() {
    const address = normalizeEmail(email);
    if (!address) return onNotice({ kind: 'error', text: messages.emailRequired });
    setBusy(true);
    onNotice(null);
    try {
      await sendPasswordResetEmail(firebaseAuth(), address);
      onNotice({ kind: 'success', text: messages.resetSent });
    } catch (error) {
      onNotice({ kind: 'error', text: authErrorMessage('reset', error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={logIn} noValidate className="space-y-4">
      <Field label="Email" id="login-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label="Password"
        id="login-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Logging In...' : 'Log In'}
      </button>
      <button
        type="button"
        onClick={resetPassword}
        disabled={busy}
        className="min-h-11 text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
      >
        Forgot Password?
      </button>
    </form>
  );
}
