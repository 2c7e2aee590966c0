import { getStore } from '@netlify/blobs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import waitlistHandler from '../../netlify/functions/waitlist';
import { seedDemoEditors } from '../../netlify/server/editors/seed';
import { waitlistRepo } from '../../netlify/server/waitlist/waitlist.repo';
import { call, clearStore } from '../helpers/functions';

const PATH = '/api/waitlist';
const join = (json: unknown) => call(waitlistHandler, PATH, { method: 'POST', json });
const post = (body: BodyInit) =>
  call(waitlistHandler, PATH, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const allKeys = async () =>
  (await getStore({ name: 'waitlist', consistency: 'strong' }).list()).blobs.map((b) => b.key);
/** The entries' keys, without the join-time index beside them. */
const storedKeys = async () => (await allKeys()).filter((key) => !key.startsWith('_joined/'));

beforeAll(async () => {
  await clearStore('editors');
  await seedDemoEditors();
});
beforeEach(() => clearStore('waitlist'));

describe('POST /api/waitlist', () => {
  it('stores a normalised address under the editor, with the editor name and a time', async () => {
    const res = await join({ email: '  Parent@Example.COM ', editorId: 'daniel-okafor' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const entry = await waitlistRepo().get('daniel-okafor', 'parent@example.com');
    expect(entry).toMatchObject({
      email: 'parent@example.com',
      editorId: 'daniel-okafor',
      editorName: 'Daniel Okafor',
    });
    expect(Date.parse(entry!.at)).not.toBeNaN();
    expect(await storedKeys()).toEqual(['daniel-okafor/parent%40example.com']);
    expect(await allKeys()).toContain(`_joined/${entry!.at}/daniel-okafor/parent%40example.com`);
  });

  it('keeps the same address for the same editor once, and answers success both times', async () => {
    const first = await join({ email: 'twice@example.com', editorId: 'daniel-okafor' });
    const before = await waitlistRepo().get('daniel-okafor', 'twice@example.com');
    const second = await join({ email: 'TWICE@example.com', editorId: 'daniel-okafor' });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body).toEqual({ ok: true });
    expect(await waitlistRepo().get('daniel-okafor', 'twice@example.com')).toEqual(before);
    expect(await allKeys()).toHaveLength(2); // the entry and its place in the join order, once
  });

  it('keeps one entry per editor for the same address', async () => {
    await join({ email: 'both@example.com', editorId: 'daniel-okafor' });
    await join({ email: 'both@example.com', editorId: 'maya-chen' });
    expect((await storedKeys()).sort()).toEqual(['daniel-okafor/both%40example.com', 'maya-chen/both%40example.com']);
  });

  it.each([
    ['an unknown editor', 'nobody-here'],
    ['an id with a slash', 'daniel-okafor/../maya-chen'],
    ['an id starting with a slash', '/daniel-okafor'],
    ['an id starting with a dot', '..'],
  ])('answers 404 { error } for %s and stores nothing', async (_, editorId) => {
    const res = await join({ email: 'who@example.com', editorId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Editor not found' });
    expect(await storedKeys()).toEqual([]);
  });

  it.each([
    ['a missing address', { editorId: 'daniel-okafor' }],
    ['a malformed address', { email: 'not-an-email', editorId: 'daniel-okafor' }],
    ['markup for an address', { email: '<script>@x.y', editorId: 'daniel-okafor' }],
    ['an empty address', { email: '  ', editorId: 'daniel-okafor' }],
    ['a missing editor', { email: 'a@example.com' }],
    ['an empty editor', { email: 'a@example.com', editorId: '   ' }],
    ['a non-string editor', { email: 'a@example.com', editorId: 7 }],
    ['an editor id over 100 characters', { email: 'a@example.com', editorId: 'x'.repeat(101) }],
    ['a body that is not an object', ['a@example.com']],
    ['null', null],
  ])('answers 400 { error } for %s and stores nothing', async (_, body) => {
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await storedKeys()).toEqual([]);
  });

  it('answers 400 for a body that is not JSON or is too large', async () => {
    const notJson = await post('email=a@example.com');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/JSON/);
    const big = await post(
      JSON.stringify({ email: 'a@example.com', editorId: 'daniel-okafor', pad: 'x'.repeat(17 * 1024) }),
    );
    expect(big.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const res = await call(waitlistHandler, PATH, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
