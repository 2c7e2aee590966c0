/**
 * The browser's Firebase Auth. The web config comes from PUBLIC_FIREBASE_* at build time (nothing
 * secret: Firebase web keys are public identifiers). Without an API key the build is a local one and
 * talks to the Auth emulator through the site's own origin, which the local platform proxies, so one
 * build works on any port.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

const env = import.meta.env;
const useEmulator = !env.PUBLIC_FIREBASE_API_KEY;

let auth: Auth | undefined;

/** The Auth instance, created on first use; throws if Firebase cannot be set up. */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app = initializeApp({
    apiKey: env.PUBLIC_FIREBASE_API_KEY ?? 'demo-key',
    authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN ?? 'demo-beacon.firebaseapp.com',
    projectId: env.PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-beacon',
    appId: env.PUBLIC_FIREBASE_APP_ID,
  });
  // Sessions survive reloads: IndexedDB first, localStorage where IndexedDB is unavailable.
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (useEmulator) connectAuthEmulator(auth, location.origin, { disableWarnings: true });
  return auth;
}
