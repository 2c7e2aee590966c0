import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import countsHandler from '../../netlify/functions/admin-waitlist-counts';
import handler from '../../netlify/functions/admin-waitlist';
import waitlistHandler from '../../netlify/functions/waitlist';
import { editorsRepo } from '../../netlify/server/editors.repo';
import { seedDemoEditors } from '../../netlify/server/seed';
import type { WaitlistItem } from '../../src/lib/admin';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { call, clearStore } from '../helpers/functions';

const get = async (query = '', headers?: Record<string, string>) =>
  call(handler, `/api/admin/waitlist${query}`, { headers: headers ?? (await asAdmin()) });
const counts = async (headers?: Record<string, string>) =>
  call(countsHandler, '/api/admin/waitlist/counts', { headers: headers ?? (await asAdmin()) });
const join = (email: string, editorId: string) => call(waitlistHandler, '/api/waitlist', { method: 'POST', json: { email, editorId } });
const who = (items: WaitlistItem[]) => items.map((i) => `${i.editorId}: ${i.email}`);

beforeAll(async () => {
  await clearStore('editors');
  await seedDemoEditors();
});
beforeEach(async () => {
  await clearStore('waitlist');
});

describe('GET /api/admin/waitlist', () => {
  itRefusesAllButAdmins((headers) => get('', headers));

  it('answers the entries of each editor together, with the editor name and the date', async () => {
    for (const [email, editorId] of [
      ['zoe@example.com', 'daniel-okafor'],
      ['amy@example.com', 'sofia-ramirez'],
      ['o/brien@example.com', 'daniel-okafor'],
      ['amy@example.com', 'daniel-okafor'],
    ]) {
      expect((await join(email, editorId)).status).toBe(201);
    }
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(who(res.body.items)).toEqual([
      'daniel-okafor: amy@example.com',
      'daniel-okafor: o/brien@example.com',
      'daniel-okafor: zoe@example.com',
      'sofia-ramirez: amy@example.com',
    ]);
    expect(res.body.items[0]).toEqual({ email: 'amy@example.com', editorId: 'daniel-okafor', editorName: 'Daniel Okafor', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(res.body).toMatchObject({ nextCursor: null, total: 4 });
  });

  it("shows the editor's current name, and a deleted editor's last one", async () => {
    const repo = editorsRepo();
    const daniel = (await repo.get('daniel-okafor'))!;
    const sofia = (await repo.get('sofia-ramirez'))!;
    await join('amy@example.com', 'daniel-okafor');
    await join('amy@example.com', 'sofia-ramirez');
    try {
      await repo.update('daniel-okafor', { ...daniel, name: 'Daniel O. Okafor' });
      await repo.remove('sofia-ramirez');
      const names = (await get()).body.items.map((i: WaitlistItem) => i.editorName);
      expect(names).toEqual(['Daniel O. Okafor', 'Sofia Ramirez']);
    } finally {
      await repo.update('daniel-okafor', daniel);
      const { id, createdAt: _c, updatedAt: _u, ...input } = sofia;
      await repo.create(id, input);
    }
  });

  it('pages by cursor', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await join(email, 'maya-chen');
    const first = await get('?limit=2');
    expect(who(first.body.items)).toEqual(['maya-chen: a@example.com', 'maya-chen: b@example.com']);
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ nextCursor: null, total: 3 });
    expect(who(second.body.items)).toEqual(['maya-chen: c@example.com']);
  });

  it.each([
    ['?limit=-1', /^limit must be at least 1/],
    ['?limit=x', /^limit must be a number/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });
});

describe('GET /api/admin/waitlist/counts', () => {
  itRefusesAllButAdmins((headers) => counts(headers));

  it('counts who waits for each editor', async () => {
    expect((await counts()).body).toEqual({});
    await join('a@example.com', 'daniel-okafor');
    await join('b@example.com', 'daniel-okafor');
    await join('a@example.com', 'maya-chen');
    await join('A@Example.com', 'daniel-okafor'); // the same address again
    const res = await counts();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ 'daniel-okafor': 2, 'maya-chen': 1 });
  });
});
