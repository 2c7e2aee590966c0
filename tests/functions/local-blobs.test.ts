/**
 * The local Blobs server lists consistently while other writes are in flight (scripts/platform/
 * blobs-listing.ts, decision 011): a blob that exists throughout is in every listing.
 */
import { getStore } from '@netlify/blobs';
import { expect, it } from 'vitest';

it('lists every blob that exists, while writes to the same store come and go', async () => {
  const store = getStore({ name: 'listing-race', consistency: 'strong' });
  const stable = Array.from({ length: 30 }, (_, i) => `stable-${String(i).padStart(2, '0')}`);
  await Promise.all(stable.map((key) => store.setJSON(key, { key })));
  let writing = true;
  // Each write makes a temporary file beside the blobs and renames it.
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; writing; i++) await store.setJSON(`churn-${w}`, { i });
  });
  try {
    for (let round = 0; round < 150; round++) {
      const keys = new Set((await store.list()).blobs.map((b) => b.key));
      expect(
        stable.filter((key) => !keys.has(key)),
        `round ${round}`,
      ).toEqual([]);
    }
  } finally {
    writing = false;
    await Promise.all(writers);
    const { blobs } = await store.list();
    await Promise.all(blobs.map((b) => store.delete(b.key)));
  }
  // 150 listings beside four writers: a few seconds on an idle machine, many times that on a busy one.
}, 120_000);

it('answers a prefix list with exactly the keys under it, whether the prefix names folders, ends mid-name or names nothing', async () => {
  const store = getStore({ name: 'listing-prefix', consistency: 'strong' });
  const keys = [
    'P1',
    'P2',
    'by-customer/u1/P1',
    'by-customer/u1/P2',
    'by-customer/u10/P3',
    'by-customer/u2/P4',
    'by-editor/maya/open/P1',
  ];
  await Promise.all(keys.map((key) => store.set(key, '')));
  const list = async (prefix: string) => (await store.list({ prefix })).blobs.map((b) => b.key).sort();
  try {
    expect(await list('by-customer/u1/')).toEqual(['by-customer/u1/P1', 'by-customer/u1/P2']);
    expect(await list('by-customer/u1')).toEqual(['by-customer/u1/P1', 'by-customer/u1/P2', 'by-customer/u10/P3']);
    expect(await list('by-customer/')).toEqual([
      'by-customer/u1/P1',
      'by-customer/u1/P2',
      'by-customer/u10/P3',
      'by-customer/u2/P4',
    ]);
    expect(await list('by-editor/maya/open/')).toEqual(['by-editor/maya/open/P1']);
    expect(await list('by-editor/sofia/open/')).toEqual([]);
    expect(await list('P')).toEqual(['P1', 'P2']);
    expect(await list('')).toEqual([...keys].sort());
    expect((await store.list({ prefix: 'by-customer/', directories: true })).directories.sort()).toEqual([
      'by-customer/u1',
      'by-customer/u10',
      'by-customer/u2',
    ]);
  } finally {
    await Promise.all(keys.map((key) => store.delete(key)));
  }
});
