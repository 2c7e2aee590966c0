/**
 * Purges Netlify CDN cache tags after a write, so public pages see the change at once. The purge token
 * exists only on Netlify (NETLIFY_PURGE_API_TOKEN); elsewhere there is no CDN and this does nothing.
 * A failed purge does not undo the write: the CDN copy expires within its s-maxage anyway.
 */
import { purgeCache, type Context } from '@netlify/functions';
import { EDITORS_MEMORY_MS } from '../editors/editors.repo';

/** The tag on every cached answer that lists editors. */
export const EDITORS_CACHE_TAG = 'editors';

/** Browsers always revalidate; Netlify's CDN keeps a copy briefly, tagged so a change can purge it. */
export const EDITORS_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
  'Netlify-Cache-Tag': EDITORS_CACHE_TAG,
};

export type PurgeOutcome = 'purged' | 'skipped' | 'failed';

export async function purgeCacheTags(
  tags: string[],
  env: NodeJS.ProcessEnv = process.env,
  purge = purgeCache,
): Promise<PurgeOutcome> {
  if (!env.NETLIFY_PURGE_API_TOKEN) return 'skipped';
  try {
    await purge({ tags });
    return 'purged';
  } catch (error) {
    console.error(`Purging CDN cache tags ${tags.join(', ')} failed:`, error);
    return 'failed';
  }
}

/**
 * After an admin changes the editors: purge now, and once more when every instance's memory of the
 * list has expired (EDITORS_MEMORY_MS). Another instance may answer from its older copy in between,
 * and the CDN would keep that answer for its whole s-maxage.
 */
export async function purgeEditorsCache(context: Pick<Context, 'waitUntil'>): Promise<PurgeOutcome> {
  const outcome = await purgeCacheTags([EDITORS_CACHE_TAG]);
  if (outcome !== 'skipped') {
    const later = new Promise((resolve) => setTimeout(resolve, EDITORS_MEMORY_MS + 100)).then(() =>
      purgeCacheTags([EDITORS_CACHE_TAG]),
    );
    context.waitUntil(later);
  }
  return outcome;
}
