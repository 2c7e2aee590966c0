import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import editorsHandler from '../../netlify/functions/editors';
import { DEMO_EDITORS, seedDemoEditors } from '../../netlify/server/editors/seed';
import { EDITORS_MEMORY_MS, editorsRepo } from '../../netlify/server/editors/editors.repo';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { call, clearStore } from '../helpers/functions';

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
  // Kept from published reviews and returned rounds, never from the editor's own words.
  'rating',
  'onTime',
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
