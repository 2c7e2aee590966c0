import { createUserWithEmailAndPassword, sendEmailVerification, type UserCredential } from 'firebase/auth';
import { useState, type FormEvent } from 'react';
import { firebaseAuth } from '#client/firebase';
import { isEmail, normalizeEmail } from '#lib/email';
import { messages } from '#lib/messages';
import { Field } from './Field';
import type { NoticeValue } from '../Notice';
import { useAuthAction } from './useAuthAction';

export const MIN_PASSWORD_LENGTH = 6;

/**
 * Firebase's verification e-mail, with a link back to this page. The account exists either way: if
 * sending fails, 'Verify your e-mail' offers to resend.
 */
async function sendVerification({ user }: UserCredential) {
  await sendEmailVerification(user, { url: location.href }).catch((error: unknown) =>
    console.error('Verification e-mail not sent:', error),
  );
}

/** The 'New Customer' tab: e-mail, password twice, 'Create Account'. */
export function RegisterForm({ onNotice }: { onNotice: (notice: NoticeValue) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, run } = useAuthAction(onNotice);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    const problem = !address
      ? messages.emailRequired
      : !isEmail(address)
        ? messages.emailInvalid
        : password !== confirm
          ? messages.passwordsMismatch
          : password.length < MIN_PASSWORD_LENGTH
            ? messages.passwordTooShort
            : null;
    if (problem) return onNotice({ kind: 'error', text: problem });
    await run(
      'register',
      () => createUserWithEmailAndPassword(firebaseAuth(), address, password).then(sendVerification),
      messages.registerSuccess,
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="Email"
        id="register-email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label="Create Password"
        id="register-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="Confirm Password"
        id="register-confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
