import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import editorHandler from '#functions/editor';
import editorsHandler from '#functions/editors';
import { DEMO_EDITORS, seedDemoEditors } from '../../server/seed';
import { EDITORS_MEMORY_MS, editorsRepo, forgetEditorLists } from '../../server/editors.repo';
import { storageMessages } from '#lib/messages';
import { asAdmin } from '#tests/admin-access';
import { editorInput } from '#tests/api-fixtures';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import { walkFaults } from '#tests/fault-walk';
import { call, clearStore } from '#tests/functions';

// The original editor fields, the featured flags and the bio the editor writes for their profile page.
const PUBLIC_FIELDS = [
  'id',
  'name',
  'image',
  'college',
  'major',
  'sat',
  'gpa',
  'ecs',
  'strengths',
  'bio',
  'slotsOpen',
  'totalSlots',
  'featured',
  // Kept from published reviews, returned rounds and finished work, never from the editor's own words.
  'rating',
  'onTime',
  'track',
];

beforeEach(() => clearStore('editors'));

describe('GET /api/database/editors', () => {
  it('answers an empty list when there are no editors', async () => {
    const res = await call(editorsHandler, '/api/database/editors');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('serves the seeded editors with exactly the public fields, in seed order, cacheable by the CDN', async () => {
    await seedDemoEditors();
    const res = await call(editorsHandler, '/api/database/editors');
    expect(res.status).toBe(200);
    expect(res.body.map((e: { id: string }) => e.id)).toEqual(DEMO_EDITORS.map((e) => e.id));
    for (const editor of res.body) expect(Object.keys(editor).sort()).toEqual([...PUBLIC_FIELDS].sort());
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(res.headers.get('cache-control')).toMatch(/must-revalidate/);
  });

  it('answers from memory for EDITORS_MEMORY_MS, then shows a change made elsewhere (another instance, a script)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await seedDemoEditors();
      const slots = async () =>
        (await call(editorsHandler, '/api/database/editors')).body.find((e: { id: string }) => e.id === 'maya-chen')
          .slotsOpen;
      expect(await slots()).toBe(3);
      const editors = getStore({ name: 'editors', consistency: 'strong' });
      const record = (await editors.get('maya-chen', { type: 'json' })) as Record<string, unknown>;
      await editors.setJSON('maya-chen', { ...record, slotsOpen: 1 });
      await editors.delete('hannah-weiss');
      vi.advanceTimersByTime(EDITORS_MEMORY_MS - 1);
      expect(await slots()).toBe(3);
      // The admin's reads (`?fresh=`) always ask the store.
      const fresh = await call(editorsHandler, '/api/database/editors?fresh=1');
      expect(fresh.body.find((e: { id: string }) => e.id === 'maya-chen').slotsOpen).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await slots()).toBe(1);
      expect((await call(editorsHandler, '/api/database/editors')).body).toHaveLength(DEMO_EDITORS.length - 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a write through this instance at once, even one that overlapped a read', async () => {
    await seedDemoEditors();
    const repo = editorsRepo();
    const maya = (await repo.get('maya-chen'))!;
    const [, updated] = await Promise.all([repo.list(), repo.update('maya-chen', { ...maya, slotsOpen: 0 })]);
    expect(updated?.slotsOpen).toBe(0);
    expect((await repo.list()).find((e) => e.id === 'maya-chen')?.slotsOpen).toBe(0);
    await repo.remove('hannah-weiss');
    expect((await repo.list()).map((e) => e.id)).not.toContain('hannah-weiss');
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await call(editorsHandler, '/api/database/editors', { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe('demo seed', () => {
  it('has one full editor, SAT and ACT scores, and every major family', () => {
    expect(DEMO_EDITORS.some((e) => e.slotsOpen === 0)).toBe(true);
    expect(DEMO_EDITORS.some((e) => Number(e.sat) < 100)).toBe(true);
    expect(DEMO_EDITORS.some((e) => Number(e.sat) >= 100)).toBe(true);
    expect(DEMO_EDITORS.length).toBeGreaterThanOrEqual(6);
  });

  it('seeds only an empty store and never overwrites', async () => {
    expect(await seedDemoEditors()).toBe(DEMO_EDITORS.length);
    expect(await seedDemoEditors()).toBe(0);
    const repo = editorsRepo();
    const store = await clearStore('editors');
    await store.setJSON('maya-chen', {
      ...(DEMO_EDITORS[0] as object),
      name: 'Changed',
      createdAt: 'x',
      updatedAt: 'x',
    });
    expect(await seedDemoEditors()).toBe(0);
    expect((await repo.get('maya-chen'))?.name).toBe('Changed');
    expect(await repo.list()).toHaveLength(1);
  });
});

// The local Blobs server checks a condition and writes in separate steps: races need a
// store with real compare-and-set, as production Blobs has.
describe('editor updates against an in-memory store with real compare-and-set', () => {
  const atomic = useAtomicBlobsServer();

  it('does not bring back an editor deleted between reading it and writing the update', async () => {
    await seedDemoEditors();
    const admin = editorsRepo();
    const { id, createdAt: _c, updatedAt: _u, ...input } = (await admin.get('ethan-park'))!;
    // Another instance deletes the editor after this update has read it, just before its write lands
    // (the delete's own write, of the editor's tombstone, passes the hook).
    let deleting = false;
    let deleted = false;
    atomic.beforeWrite(async (key) => {
      if (key !== id || deleting) return;
      deleting = true;
      deleted = (await admin.remove(id)) !== null;
    });
    try {
      expect(await editorsRepo().update(id, { ...input, slotsOpen: 1 })).toBeNull();
    } finally {
      atomic.beforeWrite(undefined);
    }
    expect(deleted).toBe(true);
    expect(await admin.get(id)).toBeNull();
  });
});

describe('who signs in as an editor: read by address, whatever the number of editors', () => {
  const atomic = useAtomicBlobsServer();
  const { id: _demoId, ...demo } = DEMO_EDITORS[0];
  const withAccount = (n: number) => ({
    ...demo,
    name: `Editor ${n}`,
    accountEmail: `editor${n}@example.test`,
  });

  beforeEach(() => {
    atomic.reset();
    forgetEditorLists();
  });

  it('finds an editor by the address they sign in with in at most three reads, and a family in at most two, among 30 editors', async () => {
    const repo = editorsRepo();
    for (let n = 0; n < 30; n++) await repo.createWithNewId(withAccount(n));
    forgetEditorLists();
    await repo.findByAccount('nobody@example.test'); // the first read after a deploy may build the index
    atomic.takeRequests();

    forgetEditorLists();
    expect((await repo.findByAccount('editor17@example.test'))?.name).toBe('Editor 17');
    expect(atomic.takeRequests().length).toBeLessThanOrEqual(3);
    forgetEditorLists();
    expect(await repo.findByAccount('family@example.test')).toBeNull();
    expect(atomic.takeRequests().length).toBeLessThanOrEqual(2);
  });

  it('follows the address when the admin moves it to another editor, drops it, or deletes the editor', async () => {
    const repo = editorsRepo();
    const first = await repo.createWithNewId(withAccount(1));
    const second = await repo.createWithNewId(withAccount(2));
    expect((await repo.findByAccount('editor1@example.test'))?.id).toBe(first.id);

    await repo.update(first.id, { ...withAccount(1), accountEmail: '' });
    await repo.update(second.id, { ...withAccount(2), accountEmail: 'editor1@example.test' });
    expect((await repo.findByAccount('editor1@example.test'))?.id).toBe(second.id);
    expect(await repo.findByAccount('editor2@example.test')).toBeNull();

    await repo.dropAccount(second.id, 'editor1@example.test');
    expect(await repo.findByAccount('editor1@example.test')).toBeNull();

    await repo.update(first.id, withAccount(1));
    await repo.remove(first.id);
    expect(await repo.findByAccount('editor1@example.test')).toBeNull();
  });

  it('finds editors stored before the index existed: the first read builds it', async () => {
    // Records as an earlier version wrote them: the editor's blob alone.
    const store = getStore({ name: 'editors', consistency: 'strong' });
    const at = new Date().toISOString();
    await store.setJSON('old-timer', { id: 'old-timer', ...withAccount(5), createdAt: at, updatedAt: at });
    const repo = editorsRepo();
    expect((await repo.findByAccount('editor5@example.test'))?.id).toBe('old-timer');
    forgetEditorLists();
    atomic.takeRequests();
    expect((await repo.findByAccount('editor5@example.test'))?.id).toBe('old-timer');
    expect(atomic.takeRequests().length).toBeLessThanOrEqual(3);
  });
});

describe('linking a sign-in address under storage that fails at any write', () => {
  const blobs = useAtomicBlobsServer();
  const input = editorInput('Linked Editor');
  let id: string;
  const link = async () =>
    call(editorHandler, `/api/database/editors/${id}`, {
      method: 'PUT',
      params: { id },
      headers: await asAdmin(),
      json: { ...input, accountEmail: 'linked@example.test' },
    });

  it('answers 200 only when the editor signs in with it; a retry links it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = await walkFaults(blobs, {
      async arrange() {
        forgetEditorLists();
        id = (await editorsRepo().createWithNewId(input)).id;
        // The accounts are complete, as after any first lookup.
        await editorsRepo().findByAccount('nobody@example.test');
      },
      act: link,
      async afterFault(res, step) {
        forgetEditorLists();
        const found = await editorsRepo().findByAccount('linked@example.test');
        if (res.status === 200) expect(found?.id, step).toBe(id);
        else expect(res.body, step).toEqual({ error: storageMessages.saveFailed });
        expect(found === null || found.id === id, step).toBe(true);
      },
      async afterRetry(res) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        forgetEditorLists();
        expect((await editorsRepo().findByAccount('linked@example.test'))?.id).toBe(id);
      },
    });
    expect(writes).toBeGreaterThanOrEqual(2);
    vi.restoreAllMocks();
  }, 300_000);
});
