/**
 * The session, shared by every island: who is signed in (from Firebase), whether an admin and which
 * add-ons they own (from GET /api/me: the server decides both).
 */
import { map } from 'nanostores';
import { NO_ADD_ONS, type OwnedAddOns } from '../lib/catalogue';
import { apiFetch } from '../client/api';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'unavailable';

export interface Session {
  status: SessionStatus;
  user: { uid: string; email: string } | null;
  /** Null until /api/me has answered for the signed-in user. */
  isAdmin: boolean | null;
  ownedAddOns: OwnedAddOns;
}

const signedOut: Session = { status: 'signedOut', user: null, isAdmin: false, ownedAddOns: NO_ADD_ONS };

export const $session = map<Session>({ status: 'loading', user: null, isAdmin: null, ownedAddOns: NO_ADD_ONS });

interface Me {
  email: string;
  isAdmin: boolean;
  ownedAddOns: OwnedAddOns;
}

let started = false;

/** Starts following Firebase once per page; islands call it on mount. */
export async function startSession() {
  if (started) return;
  started = true;
  try {
    const [{ firebaseAuth }, { onIdTokenChanged }] = await Promise.all([import('../client/firebase'), import('firebase/auth')]);
    onIdTokenChanged(firebaseAuth(), async (user) => {
      if (!user) return $session.set(signedOut);
      const known = $session.get().user?.uid === user.uid;
      $session.set({
        status: 'signedIn',
        user: { uid: user.uid, email: user.email ?? '' },
        isAdmin: known ? $session.get().isAdmin : null,
        ownedAddOns: known ? $session.get().ownedAddOns : NO_ADD_ONS,
      });
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
  const { isAdmin, ownedAddOns } = result.ok ? result.data : { isAdmin: false, ownedAddOns: NO_ADD_ONS };
  $session.set({ ...$session.get(), isAdmin, ownedAddOns });
}

/** The current user's ID token for our API, or null when signed out. */
export async function idToken(): Promise<string | null> {
  const { firebaseAuth } = await import('../client/firebase');
  return (await firebaseAuth().currentUser?.getIdToken()) ?? null;
}
