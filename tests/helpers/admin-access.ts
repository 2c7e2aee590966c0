/**
 * Tokens for admin endpoint tests and the one access matrix every admin endpoint must pass:
 * no token 401, a bad token 401, a signed-in non-admin 403.
 */
import { expect, it } from 'vitest';
import { bearer, createUser, signIn } from './auth-emulator';
import { clearStore } from './functions';
import { resetOrderingStores } from './orders';

/** Listed in ADMIN_EMAILS by tests/helpers/functions-setup.ts. */
const ADMIN = { email: 'boss@example.test', password: 'secret-pass' };

let tokens: Promise<{ admin: string; user: string }> | undefined;

async function adminToken() {
  try {
    return (await createUser(ADMIN.email, ADMIN.password)).idToken;
  } catch {
    return signIn(ADMIN.email, ADMIN.password); // another test file created it already
  }
}

/** An admin's and a customer's ID tokens, made once per test file. */
export function testTokens() {
  tokens ??= Promise.all([adminToken(), createUser()]).then(([admin, user]) => ({ admin, user: user.idToken }));
  return tokens;
}

export const asAdmin = async () => bearer((await testTokens()).admin);

type Attempt = (headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;

/** Adds the three refusal tests for an admin endpoint. */
export function itRefusesAllButAdmins(attempt: Attempt) {
  it.each([
    ['no token', 401, async () => ({})],
    ['a bad token', 401, async () => bearer('not.a.token')],
    ['a customer who is not an admin', 403, async () => bearer((await testTokens()).user)],
  ])('refuses %s (%i { error })', async (_, status, headers) => {
    const res = await attempt(await headers());
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
}

/** The test admin's uid, as its token names it. */
export const testAdminUid = async () =>
  JSON.parse(Buffer.from((await testTokens()).admin.split('.')[1], 'base64url').toString()).sub as string;

/** Empties every store an admin's write may touch, so that each test reads only its own audit entries. */
export async function resetAdminWriteStores() {
  await resetOrderingStores();
  const stores = [
    'audit',
    'audit-subjects',
    'projects',
    'timers',
    'files',
    'subscribers',
    'inquiries',
    'consults',
    'waitlist',
    'samples',
    'attention',
  ];
  await Promise.all(stores.map(clearStore));
}
