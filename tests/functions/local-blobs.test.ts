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
      expect(stable.filter((key) => !keys.has(key)), `round ${round}`).toEqual([]);
    }
  } finally {
    writing = false;
    await Promise.all(writers);
    const { blobs } = await store.list();
    await Promise.all(blobs.map((b) => store.delete(b.key)));
  }
});
