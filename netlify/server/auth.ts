/**
 * Who is calling: verifies `Authorization: Bearer <Firebase ID token>` with firebase-admin (the
 * project id is all it needs) and decides the admin role, server side, in one function.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { serverEnv, type ServerEnv } from './env';
import { HttpError } from './http';

export interface Caller {
  uid: string;
  email: string;
  isAdmin: boolean;
}

function firebaseAuth(projectId: string) {
  const app = getApps().find((a) => a.name === projectId) ?? initializeApp({ projectId }, projectId);
  return getAuth(app);
}

/**
 * DESIGN §4: the `admin` claim, or an address in ADMIN_EMAILS that Firebase has verified. Against the
 * Auth emulator nobody can verify an address, so there the verification requirement is waived.
 */
export function isAdminToken(token: { admin?: unknown; email?: string; email_verified?: boolean }, env: ServerEnv): boolean {
  if (token.admin === true) return true;
  const email = token.email?.toLowerCase();
  if (!email || !env.ADMIN_EMAILS.includes(email)) return false;
  return token.email_verified === true || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
}

/** The signed-in caller; 401 without a valid token. */
export async function authenticate(req: Request): Promise<Caller> {
  const match = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Sign in required');
  const env = serverEnv();
  let token: DecodedIdToken;
  try {
    token = await firebaseAuth(env.PUBLIC_FIREBASE_PROJECT_ID).verifyIdToken(match[1]);
  } catch {
    throw new HttpError(401, 'Invalid or expired sign-in; please sign in again');
  }
  return { uid: token.uid, email: token.email?.toLowerCase() ?? '', isAdmin: isAdminToken(token, env) };
}

/** The caller if an admin; 401 without a valid token, 403 for everyone else. */
export async function requireAdmin(req: Request): Promise<Caller> {
  const caller = await authenticate(req);
  if (!caller.isAdmin) throw new HttpError(403, 'Admins only');
  return caller;
}
