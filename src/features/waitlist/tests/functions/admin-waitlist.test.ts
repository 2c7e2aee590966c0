import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import countsHandler from '#functions/admin-waitlist-counts';
import handler from '#functions/admin-waitlist';
import confirmHandler from '#functions/confirm';
import waitlistHandler from '#functions/waitlist';
import { listOutbox } from '#server/core/mail';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { waitlistRepo } from '../../server/waitlist.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import type { WaitlistItem } from '#lib/admin-lists.schema';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { call, clearStore, postForm } from '#tests/functions';

const get = async (query = '', headers?: Record<string, string>) =>
  call(handler, `/api/admin/waitlist${query}`, { headers: headers ?? (await asAdmin()) });
const counts = async (headers?: Record<string, string>) =>
  call(countsHandler, '/api/admin/waitlist/counts', { headers: headers ?? (await asAdmin()) });
const remove = async (query: Record<string, string>, headers?: Record<string, string>) =>
  call(handler, `/api/admin/waitlist?${new URLSearchParams(query)}`, {
    method: 'DELETE',
    headers: headers ?? (await asAdmin()),
  });
const csv = async (query = '') => call(handler, `/api/admin/waitlist?format=csv${query}`, { headers: await asAdmin() });
/** Joins as a family does: asks on the editor's card, then confirms through the link mailed to the address. */
async function join(email: string, editorId: string) {
  await Promise.all([clearStore('outbox'), clearStore('limits')]);
  const asked = await call(waitlistHandler, '/api/waitlist', { method: 'POST', json: { email, editorId } });
  const [mail] = (await listOutbox(undefined, 10)).map((m) => m.value);
  const token = new URL(/http\S+\/confirm\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  const confirmed = await postForm(confirmHandler, '/confirm', { token });
  return { asked, confirmed };
}
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

  it('answers the entries in the order people joined, with the editor name, the date and whether they were told', async () => {
    for (const [email, editorId] of [
      ['zoe@example.com', 'daniel-okafor'],
      ['amy@example.com', 'sofia-ramirez'],
      ['o/brien@example.com', 'daniel-okafor'],
      ['amy@example.com', 'daniel-okafor'],
    ]) {
      expect(await join(email, editorId)).toMatchObject({ asked: { status: 202 }, confirmed: { status: 200 } });
    }
    await waitlistRepo().markTold('daniel-okafor', 'zoe@example.com', { at: '2030-01-01T10:00:00.000Z', opening: 1 });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(who(res.body.items)).toEqual([
      'daniel-okafor: zoe@example.com',
      'sofia-ramirez: amy@example.com',
      'daniel-okafor: o/brien@example.com',
      'daniel-okafor: amy@example.com',
    ]);
    expect(res.body.items[0]).toEqual({
      email: 'zoe@example.com',
      editorId: 'daniel-okafor',
      editorName: 'Daniel Okafor',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      told: { at: '2030-01-01T10:00:00.000Z', opening: 1 },
    });
    expect(res.body.items[1].told).toBeNull();
    expect(res.body).toMatchObject({ nextCursor: null, total: 4 });
  });

  it("answers one editor's entries with ?editor=, and nobody for an id no editor could have", async () => {
    for (const [email, editorId] of [
      ['zoe@example.com', 'daniel-okafor'],
      ['amy@example.com', 'sofia-ramirez'],
      ['bob@example.com', 'daniel-okafor'],
    ]) {
      await join(email, editorId);
    }
    const daniel = await get('?editor=daniel-okafor');
    expect(who(daniel.body.items)).toEqual(['daniel-okafor: zoe@example.com', 'daniel-okafor: bob@example.com']);
    expect(daniel.body.total).toBe(2);
    for (const hostile of ['../waitlist', '_joined', 'Daniel', 'nobody-here']) {
      const res = await get(`?editor=${encodeURIComponent(hostile)}`);
      expect(res.status, hostile).toBe(200);
      expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
    }
  });

  it('orders by join time, not by address, across pages', async () => {
    const people = ['zed@example.com', 'amy@example.com', 'max@example.com'];
    for (const [i, email] of people.entries())
      await waitlistRepo().join(
        { email, editorId: 'maya-chen', editorName: 'Maya Chen' },
        new Date(Date.UTC(2030, 0, 1, 9, 0, i)),
      );
    const first = await get('?limit=2');
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect([...first.body.items, ...second.body.items].map((i: WaitlistItem) => i.email)).toEqual(people);
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
    for (const [i, email] of ['a@example.com', 'b@example.com', 'c@example.com'].entries()) {
      await waitlistRepo().join(
        { email, editorId: 'maya-chen', editorName: 'Maya Chen' },
        new Date(Date.UTC(2030, 0, 1, 9, 0, i)),
      );
    }
    const first = await get('?limit=2');
    expect(who(first.body.items)).toEqual(['maya-chen: a@example.com', 'maya-chen: b@example.com']);
    const second = await get(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toMatchObject({ nextCursor: null, total: 3 });
    expect(who(second.body.items)).toEqual(['maya-chen: c@example.com']);
  });

  it.each([
    ['?limit=-1', /^limit must be at least 1/],
    ['?limit=x', /^limit must be a number/],
    ['?format=xml', /^format must be json or csv/],
    [`?editor=${'a'.repeat(101)}`, /^editor is too long/],
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

describe('DELETE /api/admin/waitlist', () => {
  itRefusesAllButAdmins((headers) => remove({ editor: 'maya-chen', email: 'a@example.com' }, headers));

  it('removes one entry from the list, the counts and the telling; a second time is 404', async () => {
    await join('a@example.com', 'maya-chen');
    await join('b@example.com', 'maya-chen');
    await join('a@example.com', 'daniel-okafor');
    const res = await remove({ editor: 'maya-chen', email: 'A@Example.com' });
    expect(res.status).toBe(204);
    expect(who((await get()).body.items)).toEqual(['maya-chen: b@example.com', 'daniel-okafor: a@example.com']);
    expect((await get()).body.total).toBe(2);
    expect((await counts()).body).toEqual({ 'maya-chen': 1, 'daniel-okafor': 1 });
    expect(await waitlistRepo().get('maya-chen', 'a@example.com')).toBeNull();
    expect(await remove({ editor: 'maya-chen', email: 'a@example.com' })).toMatchObject({
      status: 404,
      body: { error: 'No such waitlist entry' },
    });
    // Joining again after a removal is a new place at the end.
    await join('a@example.com', 'maya-chen');
    expect(who((await get('?editor=maya-chen')).body.items)).toEqual([
      'maya-chen: b@example.com',
      'maya-chen: a@example.com',
    ]);
  });

  it.each([
    [{ editor: 'maya-chen' }, 400],
    [{ editor: 'maya-chen', email: 'not-an-address' }, 400],
    [{ email: 'a@example.com' }, 400],
    [{ editor: '../waitlist', email: 'a@example.com' }, 404],
    [{ editor: '_joined', email: 'a@example.com' }, 404],
  ])('answers %j with %i and { error }', async (query, status) => {
    await join('a@example.com', 'maya-chen');
    const res = await remove(query as Record<string, string>);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await waitlistRepo().get('maya-chen', 'a@example.com')).not.toBeNull();
  });
});

describe('GET /api/admin/waitlist?format=csv', () => {
  it('exports every entry in join order, with the status and when each was told', async () => {
    for (const [i, [email, editorId]] of [
      ['zoe@example.com', 'daniel-okafor'],
      ['=cmd@example.com', 'maya-chen'],
      ['amy@example.com', 'daniel-okafor'],
    ].entries()) {
      await waitlistRepo().join({ email, editorId, editorName: editorId }, new Date(Date.UTC(2030, 0, 1, 9, 0, i)));
    }
    await waitlistRepo().markTold('daniel-okafor', 'zoe@example.com', { at: '2030-01-02T10:00:00.000Z', opening: 1 });
    const res = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="waitlist-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.body).toBe(
      [
        '"joined at","editor","email","status","told at"',
        '"2030-01-01T09:00:00.000Z","Daniel Okafor","zoe@example.com","Told","2030-01-02T10:00:00.000Z"',
        `"2030-01-01T09:00:01.000Z","Maya Chen","'=cmd@example.com","Waiting",""`,
        '"2030-01-01T09:00:02.000Z","Daniel Okafor","amy@example.com","Waiting",""',
        '',
      ].join('\r\n'),
    );
    const daniel = await csv('&editor=daniel-okafor');
    expect(daniel.body.split('\r\n')).toHaveLength(4);
  });
});
