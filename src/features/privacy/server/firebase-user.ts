/**
 * Deleting Firebase users. The person closing their own account deletes it with their own recent ID
 * token, through the same public API the browser SDK's `deleteUser` calls: no admin key. An admin
 * closing another person's account needs admin rights: the Auth emulator grants them to `Bearer
 * owner`; production needs a service account (FIREBASE_SERVICE_ACCOUNT), whose signed assertion
 * Google's OAuth endpoint trades for an access token. Without one the admin's closure is refused
 * (503) before anything is changed. A user already gone (an answer lost on the way) counts as
 * deleted; Firebase unreachable is a 503.
 */
import { acceptsEmulatorTokens } from '#server/core/auth';
import { serverEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';
import { closeAccountMessages } from '../privacy';
import { z } from '#lib/zod';
import { StorageError, type DeployInfo } from '#server/storage/stores';

const ALREADY_GONE = ['USER_NOT_FOUND'];
const TOO_OLD = ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'TOKEN_EXPIRED', 'INVALID_ID_TOKEN'];

/** Google's OAuth token endpoint: the audience of a service account's assertion. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** The one scope the assertion asks for: managing Firebase Auth users. */
export const IDENTITY_SCOPE = 'https://www.googleapis.com/auth/identitytoolkit';
const ASSERTION_SECONDS = 3600;

/** The fields of a Google service account key file that signing an assertion needs. */
const serviceAccountSchema = z.object({
  client_email: z.string().min(3),
  private_key: z.string().min(1),
  private_key_id: z.string().min(1).optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

function identityOrigin(info?: DeployInfo) {
  const env = serverEnv();
  return acceptsEmulatorTokens(env, info)
    ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
}

/** One Identity Toolkit call: its JSON answer, or Firebase's error code; unreachable is a StorageError. */
async function identityCall(url: string, body: unknown, headers: Record<string, string> = {}) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    throw new StorageError(`Firebase could not be reached: ${String(error)}`);
  }
  const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } } & Record<string, unknown>;
  return res.ok ? { ok: true as const, json } : { ok: false as const, code: String(json.error?.message) };
}

export async function deleteFirebaseUser(idToken: string, info?: DeployInfo): Promise<void> {
  const key = encodeURIComponent(serverEnv().PUBLIC_FIREBASE_API_KEY);
  const res = await identityCall(`${identityOrigin(info)}/v1/accounts:delete?key=${key}`, { idToken });
  if (res.ok || ALREADY_GONE.some((code) => res.code.startsWith(code))) return;
  if (TOO_OLD.some((code) => res.code.startsWith(code))) throw new HttpError(401, closeAccountMessages.signInAgain);
  throw new StorageError(`Firebase refused to delete a user: ${res.code}`);
}

/** The JWT a service account signs to ask Google for an access token (RFC 7523), valid for an hour. */
export async function serviceAccountAssertion(account: ServiceAccount, now = Math.floor(Date.now() / 1000)) {
  const { SignJWT, importPKCS8 } = await import('jose');
  const key = await importPKCS8(account.private_key, 'RS256');
  return new SignJWT({ scope: IDENTITY_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id && { kid: account.private_key_id }) })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setAudience(GOOGLE_TOKEN_URL)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_SECONDS)
    .sign(key);
}

const unavailable = (why: string) => {
  console.error(`An admin could not close an account: ${why}`);
  return new HttpError(503, closeAccountMessages.adminUnavailable);
};

/** A bearer token with admin rights over the project's users; 503 without a usable service account. */
async function adminBearer(info?: DeployInfo): Promise<string> {
  const env = serverEnv();
  if (acceptsEmulatorTokens(env, info)) return 'owner';
  if (!env.FIREBASE_SERVICE_ACCOUNT) throw unavailable('FIREBASE_SERVICE_ACCOUNT is not set.');
  let account: ServiceAccount;
  try {
    account = serviceAccountSchema.parse(JSON.parse(env.FIREBASE_SERVICE_ACCOUNT));
  } catch {
    throw unavailable('FIREBASE_SERVICE_ACCOUNT is not a service account key (JSON with client_email, private_key).');
  }
  let res: Response;
  try {
    res = await fetch(GOOGLE_TOKEN_URL, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: await serviceAccountAssertion(account),
      }),
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    throw unavailable(`Google's token endpoint could not be reached: ${String(error)}`);
  }
  const token = ((await res.json().catch(() => ({}))) as { access_token?: unknown }).access_token;
  if (!res.ok || typeof token !== 'string') throw unavailable(`Google refused the service account (${res.status}).`);
  return token;
}

/** Admin rights over Firebase users, for closing an account on a request by mail. */
export interface FirebaseAdmin {
  /** The uid of the user signing in with `email`, or null if there is none. */
  uidOf(email: string): Promise<string | null>;
  deleteUser(uid: string): Promise<void>;
}

/** Asks for admin rights first: without them nothing else is done (503). */
export async function firebaseAdmin(info?: DeployInfo): Promise<FirebaseAdmin> {
  const authorization = `Bearer ${await adminBearer(info)}`;
  const base = `${identityOrigin(info)}/v1/projects/${serverEnv().PUBLIC_FIREBASE_PROJECT_ID}`;
  return {
    async uidOf(email) {
      const res = await identityCall(`${base}/accounts:lookup`, { email: [email] }, { authorization });
      if (!res.ok) throw new StorageError(`Firebase refused to look a user up: ${res.code}`);
      const users = (res.json.users ?? []) as { localId: string }[];
      return users[0]?.localId ?? null;
    },
    async deleteUser(uid) {
      const res = await identityCall(`${base}/accounts:delete`, { localId: uid }, { authorization });
      if (res.ok || ALREADY_GONE.some((code) => res.code.startsWith(code))) return;
      throw new StorageError(`Firebase refused to delete a user: ${res.code}`);
    },
  };
}
