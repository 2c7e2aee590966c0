/**
 * The editors list's copies on Netlify's CDN: the headers that let it keep one, and the purge after
 * any change to what the list shows.
 */
import type { Context } from '@netlify/functions';
import { purgeCacheTags, type PurgeOutcome } from '#server/core/cdn';
import { EDITORS_MEMORY_MS } from './editors.repo';

/** The tag on every cached answer that lists editors. */
const EDITORS_CACHE_TAG = 'editors';

/** Browsers always revalidate; Netlify's CDN keeps a copy briefly, tagged so a change can purge it. */
export const EDITORS_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-CDN-Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300',
  'Netlify-Cache-Tag': EDITORS_CACHE_TAG,
};

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
