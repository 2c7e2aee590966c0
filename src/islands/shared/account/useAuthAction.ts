import { useState } from 'react';
import { authErrorMessage, type AuthAction } from './auth-errors';
import type { NoticeValue } from '../Notice';

/**
 * Runs one Firebase call for a form: busy while it runs, the form's message (messages.ts) after. On success the form
 * usually unmounts (the user is signed in), so it stays busy unless `idleAfter` says otherwise.
 */
export function useAuthAction(onNotice: (notice: NoticeValue) => void) {
  const [busy, setBusy] = useState(false);
  async function run(action: AuthAction, call: () => Promise<unknown>, success: string, { idleAfter = false } = {}) {
    setBusy(true);
    onNotice(null);
    try {
      await call();
      onNotice({ kind: 'success', text: success });
      if (idleAfter) setBusy(false);
      return true;
    } catch (error) {
      onNotice({ kind: 'error', text: authErrorMessage(action, error) });
      setBusy(false);
      return false;
    }
  }
  return { busy, run };
}
