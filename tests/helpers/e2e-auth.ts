/**
 * The Auth emulator as browser tests reach it: through the site's origin, which the local platform
 * proxies to the emulator (the same way the browser SDK talks to it).
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

const PROJECT_ID = 'demo-beacon';
export const LOCAL_ADMIN = 'admin@example.test';

let counter = 0;
export const uniqueEmail = (prefix = 'family') => `${prefix}-${Date.now()}-${counter++}@example.com`;

/** The claims of an (unsigned emulator) ID token. */
const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { email_verified?: boolean };

/**
 * Creates an account through the emulator's REST API (or signs in to the one there is) and marks its
 * address verified: editors and admins hold their roles only with a verified address (the unverified
 * state and the e-mailed link are tested through the sign-up form). Answers its uid.
 */
export async function createAccount(request: APIRequestContext, email: string, password = 'secret-pass') {
  let res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  if (!res.ok()) {
    // The local admin may exist already from another test: sign in instead.
    res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
      data: { email, password, returnSecureToken: true },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const { localId, idToken } = (await res.json()) as { localId: string; idToken: string };
  if (claimsOf(idToken).email_verified !== true) await verifyAddress(request, localId);
  return localId;
}

/** Deletes the account of `email` if there is one, so that a test can sign up with the address anew. */
export async function deleteAccount(request: APIRequestContext, email: string, password = 'secret-pass') {
  const login = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  if (!login.ok()) return;
  const deleted = await request.post('/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-key', {
    data: { idToken: (await login.json()).idToken },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
}

/**
 * Opens an e-mailed link on another device: a browser context of its own. A tab of the same browser
 * would share the signed-in user, and the page under test could learn of the verification from that
 * tab at any moment and move on before the test presses 'I have verified'.
 */
export async function openOnAnotherDevice(browser: Browser, link: string) {
  const device = await browser.newContext();
  try {
    await (await device.newPage()).goto(link);
  } finally {
    await device.close();
  }
}

/** Firebase's verification e-mail for the account, as the emulator keeps it: its code and its link. */
export async function latestVerification(request: APIRequestContext, email: string) {
  const res = await request.get(`/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[];
  };
  return oobCodes
    .filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === 'VERIFY_EMAIL')
    .at(-1);
}

/**
 * Marks the address verified through the emulator's Admin API, in one request. The e-mailed link's
 * path has tests of its own (verify-email.spec.ts), and the emulator answers its list of sent codes
 * whole, which grows with every account a shard makes.
 */
async function verifyAddress(request: APIRequestContext, localId: string) {
  const applied = await request.post(`/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    headers: { authorization: 'Bearer owner' },
    data: { localId, emailVerified: true },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
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
export async function sessionState(
  request: APIRequestContext,
  email: string,
  password = 'secret-pass',
): Promise<StorageState> {
  await createAccount(request, email, password);
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email, password, returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { localId, idToken, refreshToken, expiresIn } = (await res.json()) as {
    localId: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  };
  const now = Date.now();
  const user = {
    uid: localId,
    email,
    emailVerified: claimsOf(idToken).email_verified === true,
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
            stores: [
              {
                name: FIREBASE_STORE,
                autoIncrement: false,
                keyPath: 'fbase_key',
                indexes: [],
                records: [{ value: { fbase_key: USER_KEY, value: user } }],
              },
            ],
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
  await page.getByRole('tab', { name: 'New Customer' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}
