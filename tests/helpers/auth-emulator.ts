/**
 * Users in the real Auth emulator, through its REST API (what the browser SDK calls) and
 * firebase-admin (claims), for function tests that need real ID tokens.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const emulator = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
const projectId = () => process.env.PUBLIC_FIREBASE_PROJECT_ID!;

async function identityToolkit(method: string, body: object) {
  const res = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} failed: ${JSON.stringify(data)}`);
  return data as { idToken: string; localId: string };
}

/**
 * Verifies the account's address as its owner does in production: the emulator keeps the code of the
 * verification e-mail it was asked to send, and applying that code is what opening its link does.
 */
export async function verifyEmail(idToken: string, email: string) {
  await identityToolkit('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  const res = await fetch(`${emulator()}/emulator/v1/projects/${projectId()}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const code = oobCodes
    .filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === 'VERIFY_EMAIL')
    .at(-1);
  if (!code) throw new Error(`no verification code for ${email}`);
  await identityToolkit('update', { oobCode: code.oobCode });
}

let counter = 0;
/**
 * A fresh user with a unique address (or the one given); answers its uid and an ID token. The address
 * is verified unless `verified: false`: editors and admins hold their roles only with a verified one.
 * A verified user is made by the Admin API in one request: the e-mailed link's path (`verifyEmail`)
 * has tests of its own, and the emulator answers its list of sent codes whole, which grows with every
 * user a run makes.
 */
export async function createUser(
  email = `user${Date.now()}${counter++}@example.test`,
  password = 'secret-pass',
  { verified = true } = {},
) {
  if (!verified) {
    const { idToken, localId } = await identityToolkit('signUp', { email, password });
    return { uid: localId, email, password, idToken };
  }
  const { uid } = await adminAuth().createUser({ email, password, emailVerified: true });
  return { uid, email, password, idToken: await signIn(email, password) };
}

export async function signIn(email: string, password: string) {
  return (await identityToolkit('signInWithPassword', { email, password })).idToken;
}

/** An ID token of the account with this address, creating it the first time (e.g. a demo editor's). */
export async function tokenOf(email: string, password = 'secret-pass') {
  try {
    return (await createUser(email, password)).idToken;
  } catch {
    return signIn(email, password);
  }
}

export function adminAuth() {
  const app = getApps().find((a) => a.name === 'test-admin') ?? initializeApp({ projectId: projectId() }, 'test-admin');
  return getAuth(app);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
