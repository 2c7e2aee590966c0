/**
 * Admin rights over Firebase users in production, offline: the service account's assertion is an
 * RS256 JWT Google's token endpoint accepts (signed by its key, for its audience and scope), the token
 * it answers is what the Identity Toolkit calls carry, and without a usable service account an
 * admin's closure is refused with 503 before any call is made.
 */
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../netlify/server/core/http';
import {
  firebaseAdmin,
  GOOGLE_TOKEN_URL,
  IDENTITY_SCOPE,
  serviceAccountAssertion,
  type ServiceAccount,
} from '../../src/features/privacy/server/firebase-user';
import { closeAccountMessages } from '../../src/features/privacy/privacy';

let account: ServiceAccount;
let publicKey: string;
beforeAll(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  account = {
    client_email: 'closer@demo-beacon.iam.gserviceaccount.com',
    private_key: await exportPKCS8(keys.privateKey),
    private_key_id: 'key-1',
  };
  publicKey = await exportSPKI(keys.publicKey);
});

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

/** Production as the functions see it: no emulator, the given service account (or none). */
function production(serviceAccount?: string) {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (serviceAccount === undefined) delete process.env.FIREBASE_SERVICE_ACCOUNT;
  else process.env.FIREBASE_SERVICE_ACCOUNT = serviceAccount;
  process.env.PUBLIC_FIREBASE_PROJECT_ID = 'demo-beacon';
}

describe("the service account's assertion", () => {
  it('is signed by its key, from its address, for the token endpoint and the Identity Toolkit scope, for an hour', async () => {
    const now = 1_800_000_000;
    const jwt = await serviceAccountAssertion(account, now);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-1' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), {
      currentDate: new Date(now * 1000),
    });
    expect(payload).toEqual({
      iss: account.client_email,
      sub: account.client_email,
      aud: GOOGLE_TOKEN_URL,
      scope: IDENTITY_SCOPE,
      iat: now,
      exp: now + 3600,
    });
  });
});

describe('admin rights in production', () => {
  it.each([
    ['no service account', undefined],
    ['a value that is not a key file', '{"client_email":"x@y"}'],
  ])('with %s: 503 saying the account could not be closed, and no call made', async (_, value) => {
    production(value);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetched = vi.spyOn(globalThis, 'fetch');
    const refused = await firebaseAdmin().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: closeAccountMessages.adminUnavailable });
    expect(fetched).not.toHaveBeenCalled();
  });

  it("trades the assertion for Google's token and deletes the user with it", async () => {
    production(JSON.stringify(account));
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      calls.push({ url: String(url), init: init! });
      if (String(url) === GOOGLE_TOKEN_URL) return Response.json({ access_token: 'ya29.test', expires_in: 3599 });
      return Response.json({});
    });
    const admin = await firebaseAdmin();
    await admin.deleteUser('uid-1');
    const [token, deletion] = calls;
    const form = new URLSearchParams(String(token.init.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    await jwtVerify(form.get('assertion')!, await importSPKI(publicKey, 'RS256'), { audience: GOOGLE_TOKEN_URL });
    expect(deletion.url).toBe('https://identitytoolkit.googleapis.com/v1/projects/demo-beacon/accounts:delete');
    expect(new Headers(deletion.init.headers).get('authorization')).toBe('Bearer ya29.test');
    expect(JSON.parse(String(deletion.init.body))).toEqual({ localId: 'uid-1' });
  });

  it('answers 503 when Google refuses the service account', async () => {
    production(JSON.stringify(account));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(firebaseAdmin()).rejects.toMatchObject({ status: 503 });
  });
});
