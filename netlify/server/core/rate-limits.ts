/**
 * Rate limits per person or visitor (RATE_LIMITS). One blob per kind and who holds the current
 * window and its count, changed by compare-and-set, so concurrent requests each count once and
 * nothing piles up. Whoever is named by a hash: the store never holds an address or an IP.
 */
import { createHash } from 'node:crypto';
import { RATE_LIMITS, tooMany, type RateLimit } from '#lib/limits';
import { HttpError } from './http';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

interface Window {
  start: number;
  count: number;
}

/** Counts one `kind` of request by `who` (a uid, an address, an IP); 429 with Retry-After once the window's limit is spent. */
export async function spend(kind: RateLimit, who: string, info?: DeployInfo, now = new Date()): Promise<void> {
  const { limit, windowMs } = RATE_LIMITS[kind];
  const store = openStore('limits', info);
  const key = `${kind}/${createHash('sha256').update(who).digest('hex')}`;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  // Each round of a race counts one request, and a request that finds the limit spent stops: a burst
  // of any size settles within the limit's number of rounds.
  for (let attempt = 0; attempt <= limit + 10; attempt++) {
    const current = await getJSONWithEtag<Window>(store, key);
    const count = current && current.value.start === start ? current.value.count : 0;
    if (count >= limit) {
      const seconds = Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
      throw new HttpError(429, tooMany(kind, seconds), { 'Retry-After': String(seconds) });
    }
    const next: Window = { start, count: count + 1 };
    const written = current
      ? await store.setJSON(key, next, { onlyIfMatch: current.etag })
      : await store.setJSON(key, next, { onlyIfNew: true });
    if (written) return;
  }
  throw new StorageError(`Rate counter ${key} kept changing`);
}
