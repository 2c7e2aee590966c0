import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it } from 'vitest';
import editorsHandler from '../../netlify/functions/editors';
import { DEMO_EDITORS, seedDemoEditors } from '../../netlify/server/seed';
import { editorsRepo } from '../../netlify/server/editors.repo';
import { call, clearStore } from '../helpers/functions';

const SPEC_FIELDS = ['id', 'name', 'image', 'college', 'major', 'sat', 'gpa', 'ecs', 'strengths', 'slotsOpen', 'totalSlots', 'featured'];

beforeEach(() => clearStore('editors'));

describe('GET /api/database/editors', () => {
  it('answers an empty list when there are no editors', async () => {
    const res = await call(editorsHandler, '/api/database/editors');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('serves the seeded editors with exactly the SPEC fields, in seed order, cacheable by the CDN', async () => {
    await seedDemoEditors();
    const res = await call(editorsHandler, '/api/database/editors');
    expect(res.status).toBe(200);
    expect(res.body.map((e: { id: string }) => e.id)).toEqual(DEMO_EDITORS.map((e) => e.id));
    for (const editor of res.body) expect(Object.keys(editor).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(res.headers.get('cache-control')).toMatch(/must-revalidate/);
  });

  it('shows a change made elsewhere (another instance, a script) on the very next read', async () => {
    await seedDemoEditors();
    const slots = async () => (await call(editorsHandler, '/api/database/editors')).body.find((e: { id: string }) => e.id === 'maya-chen').slotsOpen;
    expect(await slots()).toBe(3);
    const editors = getStore({ name: 'editors', consistency: 'strong' });
    const record = (await editors.get('maya-chen', { type: 'json' })) as Record<string, unknown>;
    await editors.setJSON('maya-chen', { ...record, slotsOpen: 1 });
    expect(await slots()).toBe(1);
    await editors.delete('hannah-weiss');
    expect((await call(editorsHandler, '/api/database/editors')).body).toHaveLength(DEMO_EDITORS.length - 1);
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
    await store.setJSON('maya-chen', { ...(DEMO_EDITORS[0] as object), name: 'Changed', createdAt: 'x', updatedAt: 'x' });
    expect(await seedDemoEditors()).toBe(0);
    expect((await repo.get('maya-chen'))?.name).toBe('Changed');
    expect(await repo.list()).toHaveLength(1);
  });
});
