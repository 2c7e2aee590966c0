/**
 * The Auth emulator as browser tests reach it: through the site's origin, which the local platform
 * proxies to the emulator (the same way the browser SDK talks to it).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
