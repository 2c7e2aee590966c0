/**
 * Deletes the Firebase user a recent ID token belongs to, through the same public API the browser
 * SDK's `deleteUser` calls (the user's own token is the authority: no admin key on the server). A
 * user already gone (an answer lost on the way) counts as deleted; Firebase unreachable is a 503.
 */
import { acceptsEmulatorTokens } from '../core/auth';
import { serverEnv } from '../core/env';
import { HttpError } from '../core/http';
import { closeAccountMessages } from '../../../src/lib/privacy';
import { StorageError, type DeployInfo } from '../storage/stores';

const ALREADY_GONE = ['USER_NOT_FOUND'];
const TOO_OLD = ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'TOKEN_EXPIRED', 'INVALID_ID_TOKEN'];

export async function deleteFirebaseUser(idToken: string, info?: DeployInfo): Promise<void> {
  const env = serverEnv();
  const origin = acceptsEmulatorTokens(env, info)
    ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  let res: Response;
  try {
    res = await fetch(`${origin}/v1/accounts:delete?key=${encodeURIComponent(env.PUBLIC_FIREBASE_API_KEY)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    throw new StorageError(`Firebase could not be reached to delete a user: ${String(error)}`);
  }
  if (res.ok) return;
  const message = String(((await res.json().catch(() => ({}))) as { error?: { message?: string } }).error?.message);
  if (ALREADY_GONE.some((code) => message.startsWith(code))) return;
  if (TOO_OLD.some((code) => message.startsWith(code))) throw new HttpError(401, closeAccountMessages.signInAgain);
  throw new StorageError(`Firebase refused to delete a user: ${message}`);
}
