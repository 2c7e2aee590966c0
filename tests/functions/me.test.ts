import { describe, expect, it } from 'vitest';
import meHandler from '../../netlify/functions/me';
import { isAdminToken } from '../../netlify/server/core/auth';
import { serverEnv } from '../../netlify/server/core/env';
import { seedDemoEditors } from '../../src/features/editors/server/seed';
import { adminAuth, bearer, createUser, signIn, tokenOf, verifyEmail } from '../helpers/auth-emulator';
import { call, clearStore } from '../helpers/functions';

const me = (headers: Record<string, string> = {}) => call(meHandler, '/api/me', { headers });

/** Re-encodes a JWT's payload with changes: what an attacker can do to a token in hand. */
function tamper(token: string, changes: Record<string, unknown>) {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...changes };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('GET /api/me: authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a non-Bearer scheme', { authorization: 'Basic abc' }],
    ['a garbage token', bearer('not.a.token')],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 { error } for %s', async (_, headers) => {
    const res = await me(headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('answers 401 for an expired token', async () => {
    const { idToken } = await createUser();
    const res = await me(
      bearer(tamper(idToken, { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3700 })),
    );
    expect(res.status).toBe(401);
  });

  it('answers 401 for a token of another project', async () => {
    const { idToken } = await createUser();
    const res = await me(
      bearer(tamper(idToken, { aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' })),
    );
    expect(res.status).toBe(401);
  });

  it('answers 401 for an unsigned (emulator) token once the server is not in emulator mode', async () => {
    const { idToken } = await createUser();
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      expect((await me(bearer(idToken))).status).toBe(401);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
  });
});

describe('GET /api/me: who the caller is', () => {
  it('a normal user is not an admin and owns nothing yet', async () => {
    const user = await createUser();
    const res = await me(bearer(user.idToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: user.email,
      isAdmin: false,
      role: null,
      editor: null,
      ownedAddOns: { community: false, speed24hr: false, speed48hr: false },
      communityInviteUrl: null,
      studentOnly: false,
      parentClosedAt: null,
    });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('names the editor a user signs in as (the accountEmail an admin set), and shows the community link only to its owners', async () => {
    await clearStore('editors');
    await seedDemoEditors();
    expect((await me(bearer(await tokenOf('maya@example.test')))).body).toMatchObject({
      editor: { id: 'maya-chen', name: 'Maya Chen' },
      communityInviteUrl: null,
    });
    const member = await createUser();
    await (
      await clearStore('customers')
    ).setJSON(member.uid, { ownedAddOns: { community: true, speed24hr: false, speed48hr: false } });
    expect((await me(bearer(member.idToken))).body).toMatchObject({
      editor: null,
      communityInviteUrl: expect.stringMatching(/^https:\/\//),
    });
  });

  it('an ADMIN_EMAILS user is an admin, whatever the case of the address', async () => {
    const user = await createUser(`second.admin+${Date.now()}@example.test`);
    expect((await me(bearer(user.idToken))).body.isAdmin).toBe(false);
    const listed = await createUser('Second.Admin@example.test');
    expect((await me(bearer(listed.idToken))).body.isAdmin).toBe(true);
  });

  it('an admin’s or an editor’s address gives its role only once verified, through the e-mail’s code', async () => {
    await clearStore('editors');
    await seedDemoEditors();
    const roles = {
      'Second.Admin@example.test': { isAdmin: true, role: 'owner', editor: null },
      'maya@example.test': { isAdmin: false, role: null, editor: { id: 'maya-chen', name: 'Maya Chen' } },
    };
    for (const [email, role] of Object.entries(roles)) {
      await adminAuth()
        .getUserByEmail(email)
        .then(
          ({ uid }) => adminAuth().deleteUser(uid),
          () => {},
        ); // signed up fresh
      const account = await createUser(email, 'secret-pass', { verified: false });
      expect((await me(bearer(account.idToken))).body, email).toMatchObject({ isAdmin: false, editor: null });
      await verifyEmail(account.idToken, email);
      expect((await me(bearer(await signIn(email, 'secret-pass')))).body, email).toMatchObject(role);
    }
  });

  it('a user with the admin claim is an admin', async () => {
    const user = await createUser();
    await adminAuth().setCustomUserClaims(user.uid, { admin: true });
    const token = await signIn(user.email, user.password);
    expect((await me(bearer(token))).body.isAdmin).toBe(true);
  });

  it('reports the add-ons the customers store says are owned', async () => {
    const user = await createUser();
    const store = await clearStore('customers');
    await store.setJSON(user.uid, {
      ownedAddOns: { community: true, speed24hr: false, speed48hr: true },
      orderIds: ['BCC-ABC123'],
    });
    expect((await me(bearer(user.idToken))).body.ownedAddOns).toEqual({
      community: true,
      speed24hr: false,
      speed48hr: true,
    });
  });
});

describe('the admin rule', () => {
  const env = { ...serverEnv(), ADMIN_EMAILS: ['boss@example.test'] };
  const production = { ...env, FIREBASE_AUTH_EMULATOR_HOST: undefined };

  it('needs a verified address in production', () => {
    expect(isAdminToken({ email: 'boss@example.test', email_verified: false }, production)).toBe(false);
    expect(isAdminToken({ email: 'Boss@Example.test', email_verified: true }, production)).toBe(true);
  });

  it('needs it against the Auth emulator too', () => {
    const emulated = { ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(isAdminToken({ email: 'boss@example.test', email_verified: false }, emulated)).toBe(false);
  });

  it('accepts the claim, refuses everyone else', () => {
    expect(isAdminToken({ admin: true, email: 'x@y.z' }, production)).toBe(true);
    expect(isAdminToken({ admin: 'true', email: 'x@y.z' } as never, production)).toBe(false);
    expect(isAdminToken({ email: 'x@y.z', email_verified: true }, production)).toBe(false);
  });
});

describe('npm run admin (grant and revoke the claim)', () => {
  it('grants the admin claim, keeps other claims, and revokes it again', async () => {
    const { setAdminRole } = await import('../../scripts/admin-role');
    const user = await createUser();
    await adminAuth().setCustomUserClaims(user.uid, { tier: 'gold' });
    await setAdminRole(user.email, true, process.env.PUBLIC_FIREBASE_PROJECT_ID!);
    expect((await me(bearer(await signIn(user.email, user.password)))).body.isAdmin).toBe(true);
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ tier: 'gold', admin: true });
    await setAdminRole(user.email, false, process.env.PUBLIC_FIREBASE_PROJECT_ID!);
    expect((await me(bearer(await signIn(user.email, user.password)))).body.isAdmin).toBe(false);
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ tier: 'gold' });
  });

  it('fails clearly for an unknown address', async () => {
    const { setAdminRole } = await import('../../scripts/admin-role');
    await expect(setAdminRole('nobody@example.test', true, process.env.PUBLIC_FIREBASE_PROJECT_ID!)).rejects.toThrow(
      /no user record/i,
    );
  });
});
