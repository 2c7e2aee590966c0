/**
 * The Auth emulator as browser tests reach it: through the site's origin, which the local platform
 * proxies to the emulator (the same way the browser SDK talks to it).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const PROJECT_ID = 'demo-beacon';
export const LOCAL_ADMIN = 'admin@example.test';

let counter = 0;
export const uniqueEmail = (prefix = 'family') => `${prefix}-${Date.now()}-${counter++}@example.com`;

/** Creates an account through the emulator's REST API; answers its uid. */
export async function createAccount(request: APIRequestContext, email: string, password = 'secret-pass') {
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  if (!res.ok()) {
    // The local admin may exist already from another test: sign in instead.
    const login = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
      data: { email, password, returnSecureToken: true },
    });
    expect(login.ok(), await login.text()).toBe(true);
    return (await login.json()).localId as string;
  }
  return (await res.json()).localId as string;
}

/** An ID token of `email` (the account is made when missing), to call the API as that user. */
export async function idTokenOf(request: APIRequestContext, email: string, password = 'secret-pass') {
  await createAccount(request, email, password);
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  return (await res.json()).idToken as string;
}

/** Where the Firebase web SDK keeps the signed-in user: IndexedDB, under the app's API key and name. */
const FIREBASE_DB = 'firebaseLocalStorageDb';
const FIREBASE_STORE = 'firebaseLocalStorage';
const USER_KEY = 'firebase:authUser:demo-key:[DEFAULT]';

/** A context's storage as `storageState({ indexedDB: true })` answers it; Playwright's types leave out the IndexedDB it restores. */
type StorageState = Exclude<Parameters<BrowserContext['setStorageState']>[0], string>;
interface IndexedDBRecord {
  value: unknown;
}
interface IndexedDBDatabase {
  name: string;
  version: number;
  stores: { name: string; autoIncrement: boolean; keyPath: string; indexes: []; records: IndexedDBRecord[] }[];
}

/**
 * A browser's storage as the Firebase web SDK leaves it after `email` signed in (the account is made
 * when missing): a token minted on the Auth emulator, written where the SDK looks for it. What the
 * SDK does with it on the next page is what it does for a returning visitor: it checks the account
 * with the emulator and signs the page in.
 */
export async function sessionState(request: APIRequestContext, email: string, password = 'secret-pass'): Promise<StorageState> {
  await createAccount(request, email, password);
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { localId, idToken, refreshToken, expiresIn } = (await res.json()) as { localId: string; idToken: string; refreshToken: string; expiresIn: string };
  const now = Date.now();
  const user = {
    uid: localId,
    email,
    emailVerified: false,
    displayName: null,
    isAnonymous: false,
    photoURL: null,
    phoneNumber: null,
    tenantId: null,
    providerData: [{ providerId: 'password', uid: email, displayName: null, email, phoneNumber: null, photoURL: null }],
    stsTokenManager: { refreshToken, accessToken: idToken, expirationTime: now + Number(expiresIn) * 1000 },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: 'demo-key',
    appName: '[DEFAULT]',
  };
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const state: { cookies: []; origins: { origin: string; localStorage: []; indexedDB: IndexedDBDatabase[] }[] } = {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [],
        indexedDB: [
          {
            name: FIREBASE_DB,
            version: 1,
            stores: [{ name: FIREBASE_STORE, autoIncrement: false, keyPath: 'fbase_key', indexes: [], records: [{ value: { fbase_key: USER_KEY, value: user } }] }],
          },
        ],
      },
    ],
  };
  return state as StorageState;
}

/**
 * Signs `page`'s browser in as `email` without the UI, before it opens a page: for tests whose
 * subject is not signing in (account.spec.ts and admin-access.spec.ts sign in through the card).
 * Call it before the first `goto`: it replaces the context's storage. Answers the e-mail.
 */
export async function signIn(page: Page, email = uniqueEmail(), password = 'secret-pass') {
  await page.context().setStorageState(await sessionState(page.request, email, password));
  return email;
}

/** The one-time code of the newest password-reset e-mail the emulator "sent" to this address. */
export async function latestResetCode(request: APIRequestContext, email: string) {
  const res = await request.get(`/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const mine = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
  return mine.at(-1)?.oobCode;
}

/** Logs in through the Account card's 'Existing Customer' tab on the current page. */
export async function logIn(page: Page, email: string, password = 'secret-pass') {
  await page.getByRole('tab', { name: 'Existing Customer' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Logged in as')).toBeVisible();
}

/** Fills the Account card's 'New Customer' tab on the current page and submits it. */
export async function register(page: Page, email: string, password = 'secret-pass', confirm = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}
