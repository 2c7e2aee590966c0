/**
 * The local Blobs server answers as Netlify's does (scripts/platform/local-blobs-server.ts): it lists
 * consistently while other writes are in flight (decision 011), so a blob that exists throughout is in
 * every listing, and it answers a read with the etag of the version it sends.
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

it('answers a read with the etag a conditional write is checked against, as Netlify Blobs does', async () => {
  const store = getStore({ name: 'read-etag', consistency: 'strong' });
  await store.setJSON('counter', { n: 1 });
  try {
    const read = await store.getWithMetadata('counter', { type: 'json' });
    const listed = (await store.list({ prefix: 'counter' })).blobs[0]?.etag;
    expect(read?.etag).toBeTruthy();
    expect(read?.etag).toBe(listed);
    expect((await store.getMetadata('counter'))?.etag).toBe(listed);
    expect((await store.setJSON('counter', { n: 2 }, { onlyIfMatch: read!.etag! })).modified).toBe(true);
    // The etag read before that write no longer matches.
    expect((await store.setJSON('counter', { n: 3 }, { onlyIfMatch: read!.etag! })).modified).toBe(false);
    expect(await store.get('counter', { type: 'json' })).toEqual({ n: 2 });
  } finally {
    await store.delete('counter');
  }
});

it('never answers a read with the etag of a version other than the one it sends', async () => {
  const store = getStore({ name: 'read-etag-race', consistency: 'strong' });
  // Which values each etag was given to (one etag may name two writes in the same millisecond).
  const written = new Map<string, Set<number>>();
  const record = (etag: string | undefined, n: number) => {
    if (!etag) throw new Error('a write answered no etag');
    written.set(etag, (written.get(etag) ?? new Set()).add(n));
  };
  record((await store.setJSON('counter', { n: 0 })).etag, 0);
  let writing = true;
  const writer = (async () => {
    for (let n = 1; writing; n++) record((await store.setJSON('counter', { n })).etag, n);
  })();
  const reads: { etag?: string; n: number }[] = [];
  try {
    for (let round = 0; round < 300; round++) {
      const read = await store.getWithMetadata('counter', { type: 'json' });
      reads.push({ etag: read!.etag, n: (read!.data as { n: number }).n });
    }
  } finally {
    writing = false;
    await writer;
    await store.delete('counter');
  }
  const mismatched = reads.filter(({ etag, n }) => !etag || !written.get(etag)?.has(n));
  expect(mismatched).toEqual([]);
  expect(new Set(reads.map((r) => r.n)).size).toBeGreaterThan(10);
}, 120_000);
