import { getStore } from '@netlify/blobs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '#functions/admin-inquiries';
import contactHandler from '#functions/contact';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { inquiriesRepo, type InquiryRecord } from '../../server/inquiries.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import type { InquiryItem } from '#lib/admin-lists.schema';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { call, clearStore } from '#tests/functions';

const PATH = '/api/admin/inquiries';
const get = async (query = '', headers?: Record<string, string>) =>
  call(handler, `${PATH}${query}`, { headers: headers ?? (await asAdmin()) });
const patch = async (body: unknown, headers?: Record<string, string>) =>
  call(handler, PATH, { method: 'PATCH', json: body, headers: headers ?? (await asAdmin()) });
const store = () => getStore({ name: 'inquiries', consistency: 'strong' });
const storedKeys = async () => (await store().list()).blobs.map((b) => b.key).sort();

const inquiry = {
  parentName: 'Pat Rivera',
  studentInfo: 'Sam Rivera, 11th Grade',
  intendedMajor: 'stem',
  services: ['commonapp', 'speed48'],
  preferredEditor: 'maya-chen',
  turnaround: '48hr',
  email: 'pat@example.com',
  phone: '(312) 555-0199',
  details: 'Could we talk on Tuesday?',
};

const at = (day: number) => new Date(Date.UTC(2025, 2, day, 9, 30));
const add = (overrides: Partial<typeof inquiry> = {}, day = 1) =>
  inquiriesRepo().add({ ...inquiry, ...overrides }, at(day));

beforeAll(async () => {
  await clearStore('editors');
  await seedDemoEditors();
});
beforeEach(async () => {
  await Promise.all([clearStore('inquiries'), clearStore('outbox')]);
});

describe('GET /api/admin/inquiries', () => {
  itRefusesAllButAdmins((headers) => get('', headers));

  it('answers every field, newest first, with when it came, its state and the preferred editor by name', async () => {
    const older = await add({}, 1);
    const newer = await add({ parentName: 'Lee Chen', preferredEditor: 'any', services: [], phone: '' }, 2);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      items: [
        {
          ...inquiry,
          parentName: 'Lee Chen',
          preferredEditor: 'any',
          services: [],
          phone: '',
          id: newer.key,
          receivedAt: at(2).toISOString(),
          handled: false,
          handledAt: null,
          preferredEditorName: null,
          owner: null,
          work: [],
        },
        {
          ...inquiry,
          id: older.key,
          receivedAt: at(1).toISOString(),
          handled: false,
          handledAt: null,
          preferredEditorName: 'Maya Chen',
          owner: null,
          work: [],
        },
      ],
      nextCursor: null,
      total: 2,
    });
  });

  it('shows what the contact form stored', async () => {
    const sent = await call(contactHandler, '/api/contact', {
      method: 'POST',
      json: { ...inquiry, preferredEditor: 'sofia-ramirez' },
    });
    expect(sent.status).toBe(200);
    const [item] = (await get()).body.items as InquiryItem[];
    expect(item).toMatchObject({
      parentName: 'Pat Rivera',
      preferredEditor: 'sofia-ramirez',
      preferredEditorName: 'Sofia Ramirez',
      handled: false,
    });
  });

  it('keeps the id of an editor deleted since, with no name', async () => {
    await add({ preferredEditor: 'gone-editor' });
    expect(await editorsRepo().get('gone-editor')).toBeNull();
    const [item] = (await get()).body.items as InquiryItem[];
    expect(item).toMatchObject({ preferredEditor: 'gone-editor', preferredEditorName: null });
  });

  it('answers an empty page when there are none', async () => {
    expect((await get()).body).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it.each([
    ['?limit=0', /^limit must be at least 1/],
    ['?limit=many', /^limit must be a number/],
    ['?cursor=', /^cursor must not be empty/],
    ['?status=done', /^status must be all, open or handled/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });
});

describe('PATCH /api/admin/inquiries { id, handled }', () => {
  itRefusesAllButAdmins((headers) => patch({ id: '2025-03-01T09:30:00.000Z-0123abcd', handled: true }, headers));

  it('marks an inquiry handled on its blob, keeps when it was first marked, and opens it again', async () => {
    const { key } = await add();
    const first = await patch({ id: key, handled: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: key,
      handled: true,
      handledAt: expect.stringMatching(/^\d{4}-/),
      preferredEditorName: 'Maya Chen',
    });
    const stored = (await store().get(key, { type: 'json' })) as InquiryRecord;
    expect(stored).toMatchObject({ ...inquiry, handled: true, handledAt: first.body.handledAt });

    const again = await patch({ id: key, handled: true });
    expect(again.body.handledAt).toBe(first.body.handledAt);
    expect((await get()).body.items[0]).toMatchObject({ id: key, handled: true, handledAt: first.body.handledAt });

    const reopened = await patch({ id: key, handled: false });
    expect(reopened.body).toMatchObject({ id: key, handled: false, handledAt: null });
    expect(await store().get(key, { type: 'json' })).toMatchObject({ handled: false, handledAt: null });
  });

  it('filters open and handled inquiries, with their own totals', async () => {
    const keys = [];
    for (let day = 1; day <= 4; day++) keys.push((await add({ parentName: `Parent ${day}` }, day)).key);
    await patch({ id: keys[0], handled: true });
    await patch({ id: keys[2], handled: true });
    const names = (body: { items: InquiryItem[] }) => body.items.map((i) => i.parentName);
    const open = await get('?status=open');
    expect(names(open.body)).toEqual(['Parent 4', 'Parent 2']);
    expect(open.body.total).toBe(2);
    const handled = await get('?status=handled');
    expect(names(handled.body)).toEqual(['Parent 3', 'Parent 1']);
    expect(handled.body.items.every((i: InquiryItem) => i.handled)).toBe(true);
    expect(names((await get('?status=all')).body)).toEqual(['Parent 4', 'Parent 3', 'Parent 2', 'Parent 1']);

    await patch({ id: keys[0], handled: false });
    expect(names((await get('?status=open')).body)).toEqual(['Parent 4', 'Parent 2', 'Parent 1']);
    expect((await get('?status=handled')).body.total).toBe(1);
  });

  it('answers 404 for an inquiry that does not exist, and stores nothing', async () => {
    await add();
    const before = await storedKeys();
    const res = await patch({ id: '2020-01-01T00:00:00.000Z-0123abcd', handled: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No inquiry with this id' });
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    ['a missing handled flag', { id: '2025-03-01T09:30:00.000Z-0123abcd' }, /^handled must be true or false/],
    ['handled as text', { id: '2025-03-01T09:30:00.000Z-0123abcd', handled: 'yes' }, /^handled must be true or false/],
    ['a missing id', { handled: true }, /^id must be text/],
    ['a path instead of an id', { id: '../editors/maya-chen', handled: true }, /^id is not an inquiry id/],
    ['a marker key', { id: 'handled/2025-03-01T09:30:00.000Z-0123abcd', handled: true }, /^id is not an inquiry id/],
  ])('answers 400 naming the field for %s', async (_, body, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call(handler, PATH, {
      method: 'PATCH',
      body: '{',
      headers: { ...(await asAdmin()), 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Request body must be valid JSON' });
  });

  it('answers 405 for other methods', async () => {
    const res = await call(handler, PATH, { method: 'DELETE', headers: await asAdmin() });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PATCH, POST');
  });
});

describe('paging through more than 1,000 inquiries', () => {
  const COUNT = 1_100;
  /** Every fourth one handled, written as the repository writes it (blob fields plus marker). */
  beforeEach(async () => {
    const writes = Array.from({ length: COUNT }, (_, i) => async () => {
      const receivedAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      const key = `${receivedAt}-${i.toString(16).padStart(8, '0')}`;
      const handled = i % 4 === 0;
      await store().setJSON(key, {
        ...inquiry,
        parentName: `Parent ${i}`,
        receivedAt,
        ...(handled && { handled, handledAt: receivedAt }),
      });
      if (handled) await store().set(`handled/${key}`, '');
    });
    for (let i = 0; i < writes.length; i += 100) await Promise.all(writes.slice(i, i + 100).map((write) => write()));
  }, 120_000);

  /** Follows the cursors the way 'Load more' does; answers every item and each page's total. */
  async function walk(status: string) {
    const items: InquiryItem[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    do {
      const query: string = `?status=${status}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(query);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      totals.add(res.body.total);
      cursor = res.body.nextCursor;
    } while (cursor);
    return { items, totals: [...totals] };
  }

  const numbers = (items: InquiryItem[]) => items.map((i) => Number(i.parentName.slice('Parent '.length)));
  const newestFirst = (filter: (n: number) => boolean) =>
    Array.from({ length: COUNT }, (_, i) => COUNT - 1 - i).filter(filter);

  it('visits every inquiry once, newest first, and each filter sees exactly its own', async () => {
    const all = await walk('all');
    expect(all.totals).toEqual([COUNT]);
    expect(numbers(all.items)).toEqual(newestFirst(() => true));

    const open = await walk('open');
    expect(open.totals).toEqual([825]);
    expect(numbers(open.items)).toEqual(newestFirst((n) => n % 4 !== 0));

    const handled = await walk('handled');
    expect(handled.totals).toEqual([275]);
    expect(numbers(handled.items)).toEqual(newestFirst((n) => n % 4 === 0));
    expect(handled.items.every((i) => i.handled && i.handledAt)).toBe(true);
  }, 120_000);
});
