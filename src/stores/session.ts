/**
 * The session, shared by every island: who is signed in (from Firebase), whether an admin, the editor
 * they sign in as, which add-ons they own and the community link once owned (from GET /api/me: the
 * server decides all of it).
 */
import type { User } from 'firebase/auth';
import { map } from 'nanostores';
import { NO_ADD_ONS, type OwnedAddOns } from '#lib/catalogue';
import type { Role } from '#lib/roles';
import { apiFetch, type ApiResult } from '#client/api';
import { readRoleHint, writeRoleHint } from '#client/role-hint';

type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'unavailable';

export interface Session {
  status: SessionStatus;
  /** `emailVerified`: Firebase has verified the address; editors and admins need it for their role. */
  user: { uid: string; email: string; emailVerified: boolean } | null;
  /** Null until /api/me has answered for the signed-in user. */
  isAdmin: boolean | null;
  /** An admin's role: the admin area hides what staff may not do (the server refuses it anyway). */
  role: Role | null;
  /** The editor record this account signs in as, null for everyone else. */
  editor: { id: string; name: string } | null;
  ownedAddOns: OwnedAddOns;
  /** The private community's invite link, only once the community add-on is owned. */
  communityInviteUrl: string | null;
  /** An invited student with no orders of their own: the pages show their work, not the shop. */
  studentOnly: boolean;
  /** When the parent who shared projects with this student closed their account. */
  parentClosedAt: string | null;
}

const nobody = {
  role: null,
  editor: null,
  ownedAddOns: NO_ADD_ONS,
  communityInviteUrl: null,
  studentOnly: false,
  parentClosedAt: null,
};
const signedOut: Session = { status: 'signedOut', user: null, isAdmin: false, ...nobody };

export const $session = map<Session>({ status: 'loading', user: null, isAdmin: null, ...nobody });

/** GET /api/me. */
interface Me {
  email: string;
  isAdmin: boolean;
  role: Role | null;
  editor: Session['editor'];
  ownedAddOns: OwnedAddOns;
  communityInviteUrl: string | null;
  studentOnly: boolean;
  parentClosedAt: string | null;
}

let started = false;
let refreshedForClaim = false;

/**
 * A token from before the address was verified (the link opened on another device) says it is not:
 * the server would refuse the roles. Asks once for a fresh one, which fires onIdTokenChanged again.
 */
async function staleVerifiedClaim(user: User): Promise<boolean> {
  if (!user.emailVerified || refreshedForClaim) return false;
  if ((await user.getIdTokenResult()).claims.email_verified === true) return false;
  refreshedForClaim = true;
  try {
    await user.getIdToken(true);
    return true;
  } catch {
    return false; // offline: the server answers from the old token, and the page says what it can
  }
}

/** Starts following Firebase once per page; islands call it on mount. */
export async function startSession() {
  if (started) return;
  started = true;
  try {
    const [{ firebaseAuth }, { onIdTokenChanged }] = await Promise.all([
      import('#client/firebase'),
      import('firebase/auth'),
    ]);
    onIdTokenChanged(firebaseAuth(), async (user) => {
      if (!user) {
        writeRoleHint(null);
        return $session.set(signedOut);
      }
      if (await staleVerifiedClaim(user)) return; // called again with a fresh token
      // The same account with its address just verified is asked about again: it may hold a role now.
      const known = $session.get().user?.uid === user.uid && $session.get().user?.emailVerified === user.emailVerified;
      const previous = $session.get();
      $session.set({
        status: 'signedIn',
        user: { uid: user.uid, email: user.email ?? '', emailVerified: user.emailVerified },
        isAdmin: known ? previous.isAdmin : null,
        role: known ? previous.role : null,
        editor: known ? previous.editor : null,
        ownedAddOns: known ? previous.ownedAddOns : NO_ADD_ONS,
        communityInviteUrl: known ? previous.communityInviteUrl : null,
        studentOnly: known ? previous.studentOnly : false,
        parentClosedAt: known ? previous.parentClosedAt : null,
      });
      // Signed in is known now; whether an editor, once the server has answered.
      if (!known) writeRoleHint({ editor: readRoleHint()?.editor === true });
      await refreshMe();
    });
  } catch (error) {
    console.error('Firebase Auth could not start:', error);
    $session.set({ ...signedOut, status: 'unavailable' });
  }
}

/** Asks the server again who we are: after sign-in, and after a purchase changes what we own. */
export async function refreshMe() {
  const token = await idToken();
  if (!token) return;
  const result = await apiFetch<Me>('/api/me', { token });
  if (!$session.get().user) return; // signed out meanwhile
  const { isAdmin, role, editor, ownedAddOns, communityInviteUrl, studentOnly, parentClosedAt } = result.ok
    ? result.data
    : { isAdmin: false, ...nobody };
  $session.set({
    ...$session.get(),
    isAdmin,
    role,
    editor,
    ownedAddOns,
    communityInviteUrl,
    studentOnly,
    parentClosedAt,
  });
  if (result.ok) writeRoleHint({ editor: editor !== null });
}

/** The current user's ID token for our API, or null when signed out. */
export async function idToken(): Promise<string | null> {
  const { firebaseAuth } = await import('#client/firebase');
  return (await firebaseAuth().currentUser?.getIdToken()) ?? null;
}

/** What a signed-in call answers when nobody is signed in (any more) to make it. */
export const SIGNED_OUT = {
  ok: false,
  status: 401,
  error: 'Your sign-in has ended. Log in again, then try once more.',
} as const;

/** One of our endpoints as the signed-in user, with their ID token; `SIGNED_OUT` without one. Never throws. */
export async function signedInFetch<T>(
  path: string,
  init: Omit<NonNullable<Parameters<typeof apiFetch>[1]>, 'token'> = {},
): Promise<ApiResult<T>> {
  const token = await idToken();
  return token ? apiFetch<T>(path, { ...init, token }) : SIGNED_OUT;
}

/** Sends Firebase's verification e-mail again, with a link back to this page. */
export async function resendVerification() {
  const [{ firebaseAuth }, { sendEmailVerification }] = await Promise.all([
    import('#client/firebase'),
    import('firebase/auth'),
  ]);
  const user = firebaseAuth().currentUser;
  if (user) await sendEmailVerification(user, { url: location.href });
}

/**
 * Whether the address is verified now (the link was opened, maybe on another device). If so, a fresh
 * token carries the claim, and the session, told by onIdTokenChanged, asks the server for the roles.
 */
export async function confirmVerified(): Promise<boolean> {
  const { firebaseAuth } = await import('#client/firebase');
  const user = firebaseAuth().currentUser;
  if (!user) return false;
  await user.reload();
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}
