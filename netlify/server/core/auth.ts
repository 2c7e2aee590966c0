/**
 * Who is calling: verifies `Authorization: Bearer <Firebase ID token>` and decides the admin role,
 * server side, in one function. Tokens are checked as Firebase documents for third-party JWT
 * libraries (RS256 against Google's published keys, audience = project id, issuer =
 * securetoken.google.com/<project>, a subject, times in the past), with `jose`, loaded only when a
 * request carries a token: firebase-admin cost a cold start ~190 ms for the same check.
 * The Auth emulator's unsigned tokens are accepted only outside production, where the local platform
 * sets FIREBASE_AUTH_EMULATOR_HOST.
 */
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { roleMessages, type Role } from '#lib/roles';
import { isProduction, type DeployInfo } from '#server/storage/deploy';
import { serverEnv, type ServerEnv } from './env';
import { HttpError } from './http';
import { staffRoleOf } from './staff';

export interface Caller {
  uid: string;
  email: string;
  /** Firebase verified the address: the emulator too, through its out-of-band codes. */
  emailVerified: boolean;
  isAdmin: boolean;
  /** An admin's role: an owner (ADMIN_EMAILS, the admin claim, or the team's record) or staff. */
  role: Role | null;
  /** When the person last signed in with their password (the token's `auth_time`), in seconds. */
  signedInAt?: number;
}

/** The claims of a Firebase ID token that we read. */
export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean;
  admin?: unknown;
  auth_time?: number;
}

/** Google's signing keys for Firebase ID tokens, as a JWK set. */
const FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';
/** Clocks differ a little between Google and us: a token issued "in a second" is not forged. */
export const CLOCK_TOLERANCE_SECONDS = 30;

const INVALID = 'Invalid or expired sign-in; please sign in again';

/** Whether this request may use the Auth emulator's unsigned tokens: never in production. */
export function acceptsEmulatorTokens(env: ServerEnv, info?: DeployInfo): boolean {
  if (!env.FIREBASE_AUTH_EMULATOR_HOST) return false;
  if (!isProduction(info)) return true;
  warnEmulatorInProductionOnce();
  return false;
}

let warnedEmulator = false;
function warnEmulatorInProductionOnce() {
  if (warnedEmulator) return;
  warnedEmulator = true;
  console.error(
    'FIREBASE_AUTH_EMULATOR_HOST is set in production and is ignored: only tokens signed by Google are accepted. Remove the variable.',
  );
}

/** The claims every Firebase ID token must carry beyond a valid signature or an emulator origin. */
function checkFirebaseClaims(claims: JWTPayload, now: number): IdTokenClaims {
  const { sub, iat, auth_time: authTime } = claims as IdTokenClaims & { auth_time?: unknown };
  const latest = now + CLOCK_TOLERANCE_SECONDS;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw new Error('no subject');
  if (typeof iat !== 'number' || iat > latest) throw new Error('issued in the future');
  if (typeof authTime !== 'number' || authTime > latest) throw new Error('signed in in the future');
  return claims as IdTokenClaims;
}

/**
 * Verifies a Firebase ID token signed by one of `keys` (Google's, in production) for `projectId`;
 * throws on anything else. Exported for tests, which sign tokens with their own keys.
 */
export async function verifySignedIdToken(
  token: string,
  projectId: string,
  keys: JWTVerifyGetKey,
  now = Date.now() / 1000,
) {
  const { jwtVerify } = await import('jose');
  const { payload } = await jwtVerify(token, keys, {
    algorithms: ['RS256'],
    audience: projectId,
    issuer: `https://securetoken.google.com/${projectId}`,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: new Date(now * 1000),
    requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
  });
  return checkFirebaseClaims(payload, now);
}

/** The Auth emulator's tokens: unsigned (`alg: none`), but with the same claims. */
async function decodeEmulatorIdToken(token: string, projectId: string, now = Date.now() / 1000) {
  const { UnsecuredJWT } = await import('jose');
  const { payload } = UnsecuredJWT.decode(token, {
    audience: projectId,
    issuer: `https://securetoken.google.com/${projectId}`,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: new Date(now * 1000),
  });
  return checkFirebaseClaims(payload, now);
}

/** Google's keys, fetched on first use and cached by jose per instance (it honours their rotation). */
let googleKeys: JWTVerifyGetKey | undefined;
async function firebaseSigningKeys(): Promise<JWTVerifyGetKey> {
  if (!googleKeys) {
    const { createRemoteJWKSet } = await import('jose');
    googleKeys = createRemoteJWKSet(new URL(FIREBASE_JWKS_URL), { timeoutDuration: 5000 });
  }
  return googleKeys;
}

/**
 * The `admin` claim, or an address in ADMIN_EMAILS that Firebase has verified, in every environment:
 * whoever signs up first with that address must not become an admin before proving it is theirs.
 */
export function isAdminToken(
  token: { admin?: unknown; email?: string; email_verified?: boolean },
  env: ServerEnv,
): boolean {
  if (token.admin === true) return true;
  const email = token.email?.toLowerCase();
  if (!email || !env.ADMIN_EMAILS.includes(email)) return false;
  return token.email_verified === true;
}

/** The signed-in caller; 401 without a valid token. */
export async function authenticate(req: Request, info?: DeployInfo): Promise<Caller> {
  const match = /^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Sign in required');
  const env = serverEnv();
  const projectId = env.PUBLIC_FIREBASE_PROJECT_ID;
  let claims: IdTokenClaims;
  try {
    claims = acceptsEmulatorTokens(env, info)
      ? await decodeEmulatorIdToken(match[1], projectId)
      : await verifySignedIdToken(match[1], projectId, await firebaseSigningKeys());
  } catch {
    throw new HttpError(401, INVALID);
  }
  const email = claims.email?.toLowerCase() ?? '';
  const emailVerified = claims.email_verified === true;
  // The team's record is read only for a verified address that is no owner by its token.
  const role: Role | null = isAdminToken(claims, env)
    ? 'owner'
    : email && emailVerified
      ? await staffRoleOf(email, info)
      : null;
  return { uid: claims.sub, email, emailVerified, isAdmin: role !== null, role, signedInAt: claims.auth_time };
}

/** 403 with `message` unless Firebase verified the caller's address: what is keyed by address must be theirs. */
export function requireVerifiedEmail(caller: Caller, message: string): Caller {
  if (!caller.emailVerified) throw new HttpError(403, message);
  return caller;
}

/** The caller if an admin, owner or staff; 401 without a valid token, 403 for everyone else. */
export async function requireAdmin(req: Request, info?: DeployInfo): Promise<Caller> {
  const caller = await authenticate(req, info);
  if (!caller.isAdmin) throw new HttpError(403, 'Admins only');
  return caller;
}

/** 403 unless `caller` is an owner: for what staff may not do (closures, payouts, the team). */
export function requireOwner(caller: Caller, message: string = roleMessages.ownersOnly): Caller {
  if (caller.role !== 'owner') throw new HttpError(403, message);
  return caller;
}
