import { beforeEach, describe, expect, it } from 'vitest';
import subscribeHandler from '../../netlify/functions/subscribe';
import { subscribersRepo } from '../../netlify/server/subscribers.repo';
import { call, clearStore } from '../helpers/functions';

const PATH = '/api/database/subscribe';
const post = (body: BodyInit, headers: HeadersInit = { 'content-type': 'application/json' }) =>
  call(subscribeHandler, PATH, { method: 'POST', body, headers });

beforeEach(() => clearStore('subscribers'));

describe('POST /api/database/subscribe', () => {
  it('stores a trimmed, lower-cased address', async () => {
    const res = await call(subscribeHandler, PATH, { method: 'POST', json: { email: '  Jane@Example.COM ' } });
    expect(res.status).toBe(200);
    const stored = await subscribersRepo().get('jane@example.com');
    expect(stored).toMatchObject({ email: 'jane@example.com', enabled: true });
    expect(Date.parse(stored!.subscribedAt)).not.toBeNaN();
  });

  it('treats the same address twice as success and stores it once', async () => {
    const first = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'twice@example.com' } });
    const before = await subscribersRepo().get('twice@example.com');
    const second = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'TWICE@example.com' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await subscribersRepo().get('twice@example.com')).toEqual(before);
  });

  it('re-enables a disabled address and keeps its first sign-up date', async () => {
    const { getStore } = await import('@netlify/blobs');
    const store = getStore({ name: 'subscribers', consistency: 'strong' });
    await store.setJSON(encodeURIComponent('gone@example.com'), { email: 'gone@example.com', enabled: false, subscribedAt: '2025-01-01T00:00:00.000Z' });
    const res = await call(subscribeHandler, PATH, { method: 'POST', json: { email: 'gone@example.com' } });
    expect(res.status).toBe(200);
    expect(await subscribersRepo().get('gone@example.com')).toEqual({
      email: 'gone@example.com', enabled: true, subscribedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it.each([
    ['a missing address', {}],
    ['a non-string address', { email: ['a@b.co'] }],
    ['a malformed address', { email: 'not-an-email' }],
    ['an empty address', { email: '   ' }],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@b.co` }],
    ['a body that is not an object', ['a@b.co']],
    ['null', null],
  ])('answers 400 { error } for %s and stores nothing', async (_, body) => {
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    const { getStore } = await import('@netlify/blobs');
    expect((await getStore({ name: 'subscribers', consistency: 'strong' }).list()).blobs).toEqual([]);
  });

  it('answers 400 for a body that is not JSON, empty or invalid UTF-8', async () => {
    for (const body of ['email=a@b.co', '', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
      const res = await post(body as BodyInit);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/JSON/);
    }
  });

  it('answers 400 for a body over 16 KB, even with a valid address inside', async () => {
    const res = await post(JSON.stringify({ email: 'big@example.com', pad: 'x'.repeat(17 * 1024) }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most/);
    expect(await subscribersRepo().get('big@example.com')).toBeNull();
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(subscribeHandler, PATH, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
