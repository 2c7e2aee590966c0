/**
 * Purges Netlify CDN cache tags after a write, so public pages see the change at once. The purge token
 * exists only on Netlify (NETLIFY_PURGE_API_TOKEN); elsewhere there is no CDN and this does nothing.
 * A failed purge does not undo the write: the CDN copy expires within its s-maxage anyway.
 */
import { purgeCache } from '@netlify/functions';

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
