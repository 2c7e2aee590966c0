/** Turns Firebase Auth errors into the site's messages (messages.ts), with the reason where it helps. */
import { messages } from '#lib/messages';

export type AuthAction = 'register' | 'login' | 'reset';

const fallback: Record<AuthAction, string> = {
  register: messages.registerFailure,
  login: messages.loginFailure,
  reset: messages.resetFailure,
};

/** Why a registration failed, said after the standard sentence when Firebase tells us. */
const registrationReasons: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this email address already exists. Please log in instead.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/weak-password': 'Please choose a stronger password.',
};

export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'auth/network-request-failed' || code === 'auth/internal-error') return messages.authUnavailable;
  const reason = action === 'register' ? registrationReasons[code] : undefined;
  return reason ? `${fallback[action]} ${reason}` : fallback[action];
}
