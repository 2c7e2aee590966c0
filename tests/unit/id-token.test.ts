/**
 * Firebase ID token verification as production does it (RS256, Google's keys), with a key pair of
 * our own standing in for Google's: every rule of Firebase's "verify ID tokens with a third-party
 * JWT library" list, each refused on its own.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_SECONDS, verifySignedIdToken } from '../../netlify/server/core/auth';

const PROJECT = 'beacon-prod';
const now = Math.floor(Date.now() / 1000);
let keys: JWTVerifyGetKey;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256' }] });
});

interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: CryptoKey;
  kid?: string;
  alg?: string;
}

function token({ claims = {}, key = privateKey, kid = 'google-1', alg = 'RS256' }: TokenOptions = {}) {
  const base = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'uid-123',
    iat: now - 60,
    exp: now + 3000,
    auth_time: now - 120,
    email: 'Pat@Example.com',
    email_verified: true,
  };
  const payload = Object.fromEntries(Object.entries({ ...base, ...claims }).filter(([, v]) => v !== undefined));
  return new SignJWT(payload).setProtectedHeader({ alg, kid }).sign(key);
}

const verify = async (jwt: string) => verifySignedIdToken(jwt, PROJECT, keys, now);

describe('Firebase ID tokens (production verification)', () => {
  it('accepts a token signed with Google’s key for our project', async () => {
    const claims = await verify(await token());
    expect(claims).toMatchObject({ sub: 'uid-123', email: 'Pat@Example.com', email_verified: true });
  });

  it('tolerates a little clock skew, no more', async () => {
    await expect(verify(await token({ claims: { iat: now + CLOCK_TOLERANCE_SECONDS - 1 } }))).resolves.toBeTruthy();
    await expect(verify(await token({ claims: { exp: now - CLOCK_TOLERANCE_SECONDS + 1 } }))).resolves.toBeTruthy();
    await expect(verify(await token({ claims: { iat: now + CLOCK_TOLERANCE_SECONDS + 5 } }))).rejects.toThrow();
    await expect(verify(await token({ claims: { exp: now - CLOCK_TOLERANCE_SECONDS - 5 } }))).rejects.toThrow();
  });

  const refused: [string, () => TokenOptions][] = [
    ['another project (audience)', () => ({ claims: { aud: 'someone-else' } })],
    ['another issuer', () => ({ claims: { iss: 'https://securetoken.google.com/someone-else' } })],
    ['no subject', () => ({ claims: { sub: '' } })],
    ['a subject over 128 characters', () => ({ claims: { sub: 'x'.repeat(129) } })],
    ['no auth_time', () => ({ claims: { auth_time: undefined } })],
    ['a sign-in in the future', () => ({ claims: { auth_time: now + 3600 } })],
    ['no expiry', () => ({ claims: { exp: undefined } })],
    ['a key Google did not publish', () => ({ key: strangerKey })],
    ['an unknown key id', () => ({ kid: 'not-a-google-key' })],
  ];
  it.each(refused)('refuses %s', async (_name, options) => {
    await expect(verify(await token(options()))).rejects.toThrow();
  });

  it('refuses an unsigned (emulator) token and an HS256 token', async () => {
    const [, payload] = (await token()).split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expect(verify(unsigned)).rejects.toThrow();
    const hs256 = await new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256', kid: 'google-1' })
      .sign(new TextEncoder().encode('shared-secret-shared-secret-32by'));
    await expect(verify(hs256)).rejects.toThrow();
  });
});
