/**
 * The session, shared by every island: who is signed in (from Firebase), whether an admin, the editor
 * they sign in as, which add-ons they own and the community link once owned (from GET /api/me: the
 * server decides all of it).
 */
import { map } from 'nanostores';
import { NO_ADD_ONS, type OwnedAddOns } from '../lib/catalogue';
import { apiFetch } from '../client/api';
import { readRoleHint, writeRoleHint } from '../client/role-hint';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'unavailable';

export interface Session {
  status: SessionStatus;
  user: { uid: string; email: string } | null;
  /** Null until /api/me has answered for the signed-in user. */
  isAdmin: boolean | null;
  /** The editor record this account signs in as (issue 17), null for everyone else. */
  editor: { id: string; name: string } | null;
  ownedAddOns: OwnedAddOns;
  /** The private community's invite link, only once the community add-on is owned. */
  communityInviteUrl: string | null;
}

const nobody = { editor: null, ownedAddOns: NO_ADD_ONS, communityInviteUrl: null };
const signedOut: Session = { status: 'signedOut', user: null, isAdmin: false, ...nobody };

export const $session = map<Session>({ status: 'loading', user: null, isAdmin: null, ...nobody });

/** GET /api/me. */
interface Me {
  email: string;
  isAdmin: boolean;
  editor: Session['editor'];
  ownedAddOns: OwnedAddOns;
  communityInviteUrl: string | null;
}

let started = false;

/** Starts following Firebase once per page; islands call it on mount. */
export async function startSession() {
  if (started) return;
  started = true;
  try {
    const [{ firebaseAuth }, { onIdTokenChanged }] = await Promise.all([import('../client/firebase'), import('firebase/auth')]);
    onIdTokenChanged(firebaseAuth(), async (user) => {
      if (!user) {
        writeRoleHint(null);
        return $session.set(signedOut);
      }
      const known = $session.get().user?.uid === user.uid;
      const previous = $session.get();
      $session.set({
        status: 'signedIn',
        user: { uid: user.uid, email: user.email ?? '' },
        isAdmin: known ? previous.isAdmin : null,
        editor: known ? previous.editor : null,
        ownedAddOns: known ? previous.ownedAddOns : NO_ADD_ONS,
        communityInviteUrl: known ? previous.communityInviteUrl : null,
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
  const { isAdmin, editor, ownedAddOns, communityInviteUrl } = result.ok ? result.data : { isAdmin: false, ...nobody };
  $session.set({ ...$session.get(), isAdmin, editor, ownedAddOns, communityInviteUrl });
  if (result.ok) writeRoleHint({ editor: editor !== null });
}

/** The current user's ID token for our API, or null when signed out. */
export async function idToken(): Promise<string | null> {
  const { firebaseAuth } = await import('../client/firebase');
  return (await firebaseAuth().currentUser?.getIdToken()) ?? null;
}
