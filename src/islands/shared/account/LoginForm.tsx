import { sendPasswordResetEmail, signInWithEmailAndPassword } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { firebaseAuth } from '#client/firebase';
import { normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';
import { Field } from './Field';
import type { NoticeValue } from '../Notice';
import { useAuthAction } from './useAuthAction';

/** The 'Existing Customer' tab: e-mail, password, 'Log In' and 'Forgot Password?'. */
export function LoginForm({ onNotice }: { onNotice: (notice: NoticeValue) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useAuthAction(onNotice);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!address) return onNotice({ kind: 'error', text: messages.emailRequired });
    await run('login', () => signInWithEmailAndPassword(firebaseAuth(), address, password), messages.loginSuccess);
  }

  async function resetPassword() {
    const address = normalizeEmail(email);
    if (!address) return onNotice({ kind: 'error', text: messages.emailRequired });
    await run('reset', () => sendPasswordResetEmail(firebaseAuth(), address), messages.resetSent, { idleAfter: true });
  }

  return (
    <form method="post" onSubmit={logIn} noValidate className="space-y-4">
      <Field
        label="Email"
        id="login-email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
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
