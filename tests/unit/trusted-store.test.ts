/**
 * The store wrapper (netlify/server/storage/) against the fault-injecting Blobs stand-in, through the
 * real Blobs client: a write is `true` only when stored, `false` only for a real conflict, and every
 * other outcome is a StorageError, for every way Blobs or the network fails; a read is `null` only
 * for 404; a bad key never leaves the process; and a request answers 503 before its time is up
 * whatever Blobs does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { route } from '../../netlify/server/core/http';
import { setStorageLimits } from '../../netlify/server/storage/budget';
import { InvalidKeyError, StorageError } from '../../netlify/server/storage/error';
import { trustedStore, type Store } from '../../netlify/server/storage/store';
import { getJSONWithEtag } from '../../netlify/server/storage/stores';
import { startAtomicBlobsServer, type Fault } from '../helpers/atomic-blobs-server';
import { context } from '../helpers/functions';

/** Short tries, so that a held connection costs a test half a second, not five; only while a fault is planned. */
const SHORT = { tries: 2, tryTimeoutMs: 500, pausesMs: [5] };

let blobs: Awaited<ReturnType<typeof startAtomicBlobsServer>>;
const before = process.env.NETLIFY_BLOBS_CONTEXT;
beforeAll(async () => {
  blobs = await startAtomicBlobsServer();
  process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
  // The first request of a process loads the HTTP client: not a thing a try's timeout should meet.
  await trustedStore('warm-up').get('x', { type: 'text' });
});
afterAll(async () => {
  setStorageLimits(null);
  process.env.NETLIFY_BLOBS_CONTEXT = before;
  await blobs.stop();
});
afterEach(() => {
  blobs.setFaults(null);
  setStorageLimits(null);
});
/** Plans `plan` with short tries (a held connection then costs half a second), as each fault's test does. */
const failing = (plan: Parameters<typeof blobs.setFaults>[0]) => {
  setStorageLimits(SHORT);
  blobs.setFaults(plan);
};

let n = 0;
const fresh = () => trustedStore(`wrapper-${++n}`);
const stored = (store: { name: string }, key: string) => blobs.snapshot().get(`atomic/site:${store.name}`)?.get(key);

const OUTAGES: Fault[] = [503, 500, 429, 403, 'timeout', 'drop'];

describe('a write', () => {
  it('answers true when stored, false for a conflict with onlyIfNew or a stale onlyIfMatch', async () => {
    const store = fresh();
    expect(await store.setJSON('a', { v: 1 }, { onlyIfNew: true })).toBe(true);
    expect(await store.setJSON('a', { v: 2 }, { onlyIfNew: true })).toBe(false);
    expect(await store.setJSON('a', { v: 3 }, { onlyIfMatch: '"stale"' })).toBe(false);
    expect(await store.setJSON('a', { v: 4 })).toBe(true);
    expect(stored(store, 'a')).toBe('{"v":4}');
  });

  for (const fault of OUTAGES) {
    for (const condition of [{}, { onlyIfNew: true as const }]) {
      it(`throws a StorageError and stores nothing when Blobs is out (${fault}, ${'onlyIfNew' in condition ? 'conditional' : 'unconditional'})`, async () => {
        const store = fresh();
        failing({ fault, at: 1 });
        await expect(store.setJSON('k', { v: 1 }, condition)).rejects.toBeInstanceOf(StorageError);
        expect(stored(store, 'k')).toBeUndefined();
      });
    }
  }

  it('a 412 that no condition explains is a StorageError, not "not written"', async () => {
    const store = fresh();
    failing({ fault: 'spurious-412', at: 1 });
    await expect(store.setJSON('k', { v: 1 })).rejects.toBeInstanceOf(StorageError);
  });

  // What lets a fault walk take a 412 at a write without condition as the outage it walks there too.
  it('to a write without condition, a set or a delete, a 412 is what a 403 is: one try, a StorageError, nothing changed', async () => {
    for (const fault of [403, 'spurious-412'] as Fault[]) {
      const store = fresh();
      blobs.setFaults(null);
      await store.set('kept', 'x');
      failing({ fault, at: 1 });
      await expect(store.setJSON('k', { v: 1 })).rejects.toBeInstanceOf(StorageError);
      expect(blobs.writeCount()).toBe(1);
      await expect(store.delete('kept')).rejects.toBeInstanceOf(StorageError);
      expect(blobs.writeCount()).toBe(2);
      expect(stored(store, 'k')).toBeUndefined();
      expect(stored(store, 'kept')).toBe('x');
    }
  });

  it('a conditional write whose answer was lost is a StorageError (it may have landed), and is not sent again', async () => {
    const store = fresh();
    failing({ fault: 'lost-answer', at: 1 });
    await expect(store.setJSON('k', { v: 1 }, { onlyIfNew: true })).rejects.toBeInstanceOf(StorageError);
    expect(blobs.writeCount()).toBe(1);
    expect(stored(store, 'k')).toBe('{"v":1}');
  });

  it('one refused try (a blip) is tried again and stored once', async () => {
    for (const fault of [503, 'drop'] as Fault[]) {
      const store = fresh();
      failing({ fault, at: 1, only: true });
      expect(await store.setJSON('k', { v: 1 })).toBe(true);
      expect(blobs.writeCount()).toBe(2);
      expect(stored(store, 'k')).toBe('{"v":1}');
    }
  });

  it('a delete Blobs refused is a StorageError', async () => {
    const store = fresh();
    await store.set('k', 'x');
    failing({ fault: 503, at: 1 });
    await expect(store.delete('k')).rejects.toBeInstanceOf(StorageError);
    expect(stored(store, 'k')).toBe('x');
  });
});

describe('a read', () => {
  it('answers null only for a missing blob', async () => {
    const store = fresh();
    expect(await store.get('missing', { type: 'json' })).toBeNull();
    expect(await store.getMetadata('missing')).toBeNull();
    expect(await store.getWithMetadata('missing', { type: 'arrayBuffer' })).toBeNull();
  });

  it('answers the bytes as stored with their metadata', async () => {
    const store = fresh();
    const bytes = new Uint8Array([0, 255, 0x89, 0x50, 10, 13]);
    await store.set('file', bytes.slice().buffer, { metadata: { name: 'a.pdf', bytes: 6 } });
    const found = await store.getWithMetadata('file', { type: 'arrayBuffer' });
    expect(new Uint8Array(found!.data)).toEqual(bytes);
    expect(found!.metadata).toEqual({ name: 'a.pdf', bytes: 6 });
    expect(found!.etag).toEqual(expect.any(String));
    await store.setJSON('record', { v: 1 });
    expect((await store.getWithMetadata('record'))?.data).toEqual({ v: 1 }); // JSON stays the default
  });

  for (const fault of [503, 403, 'timeout', 'drop'] as Fault[]) {
    it(`throws a StorageError when Blobs fails (${fault}): never "not found"`, async () => {
      const store = fresh();
      await store.setJSON('k', { v: 1 });
      failing({ fault, at: 1, reads: true });
      await expect(store.get('k', { type: 'json' })).rejects.toBeInstanceOf(StorageError);
      await expect(store.getWithMetadata('k', { type: 'arrayBuffer' })).rejects.toBeInstanceOf(StorageError);
      await expect(store.get('missing', { type: 'json' })).rejects.toBeInstanceOf(StorageError);
      await expect(store.list()).rejects.toBeInstanceOf(StorageError);
    });
  }
});

describe('keys', () => {
  const BAD = [
    '',
    '..',
    '.',
    '../site:files/x',
    'a/../b',
    'a/./b',
    '%2e%2e/x',
    'a/%2E./b',
    'a//b',
    '/a',
    'a?b',
    'a#b',
    'a\\b',
    'a\u0000b',
    'x'.repeat(601),
  ];
  it.each(BAD.map((key) => [JSON.stringify(key).slice(0, 40), key]))(
    '%s is refused with a 400 before any request',
    async (_, key) => {
      const store = fresh();
      failing({ fault: 503, at: 1, reads: true });
      for (const attempt of [
        () => store.get(key, { type: 'json' }),
        () => store.setJSON(key, {}),
        () => store.delete(key),
      ]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidKeyError);
        expect((error as InvalidKeyError).status).toBe(400);
      }
      // A request that names such a key is answered 400 with the message.
      const answer = await route({ GET: () => store.get(key, { type: 'json' }).then(() => new Response()) })(
        new Request('http://localhost/api/x'),
        context(),
      );
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: 'That id is not valid.' });
      expect(blobs.writeCount()).toBe(0);
    },
  );

  it('keys as the stores write them are accepted, and a listing prefix may end in a slash', async () => {
    const store = fresh();
    for (const key of [
      'by-customer/uid123/BCC-ABC234',
      'maya-chen/pat%40example.com',
      'due/2026-11-24T07/2026-11-24T07:00:00.000Z/BCC-A-1/ack-1',
    ]) {
      expect(await store.set(key, '')).toBe(true);
    }
    expect((await store.list({ prefix: 'by-customer/uid123/' })).blobs.map((b) => b.key)).toEqual([
      'by-customer/uid123/BCC-ABC234',
    ]);
    await expect(store.list({ prefix: '../' })).rejects.toBeInstanceOf(InvalidKeyError);
  });
});

describe('time', () => {
  it('a request whose store holds every connection answers 503 with the message, within its budget', async () => {
    const store = fresh();
    failing({ fault: 'timeout', at: 1 });
    setStorageLimits({ ...SHORT, requestBudgetMs: 1500 });
    try {
      const handler = route({
        POST: async () => {
          for (let i = 0; i < 50; i++) await store.setJSON(`k${i}`, {}).catch(() => undefined);
          await store.setJSON('last', {});
          return Response.json({ ok: true });
        },
      });
      vi.spyOn(console, 'error').mockImplementation(() => {}); // the failure's log line, with its reference
      const started = performance.now();
      const res = await handler(new Request('http://localhost/api/x', { method: 'POST' }), context());
      const took = performance.now() - started;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'We could not save that; please try again.' });
      // The budget, plus what the answer itself takes: no try outlives the budget.
      expect(took).toBeLessThan(1500 + 1000);
      expect(took).toBeGreaterThanOrEqual(1500 - 50);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('a blob read for a compare-and-set', () => {
  /** A store that has the blob but cannot name its version: neither the read nor the listing gives an etag. */
  const withoutEtag = {
    name: 'no-etags',
    getWithMetadata: async () => ({ data: { n: 1 }, metadata: {} }),
    list: async () => ({ blobs: [], directories: [] }),
  } as unknown as Store;

  it('is a StorageError (retryable, a 503) when Blobs gives no version to compare against', async () => {
    await expect(getJSONWithEtag(withoutEtag, 'a')).rejects.toBeInstanceOf(StorageError);
  });
});
