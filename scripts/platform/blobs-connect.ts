/**
 * Where a maintenance script reads and writes the stores: a Netlify site's Blobs (NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN) or, without them, the local data of `npm start` (DATA_DIR, default .netlify/data).
 */
import { resolve } from 'node:path';
import { z } from '#lib/zod';
import { startBlobsServer } from './site-server';

const netlifySchema = z.object({ NETLIFY_SITE_ID: z.string().min(1), NETLIFY_AUTH_TOKEN: z.string().min(1) });

/** Points the Blobs client at the site's Blobs (through Netlify's API) or at the local data; answers how to let go of it. */
export async function connectBlobs(): Promise<{ where: string; stop(): Promise<void> }> {
  if (process.env.NETLIFY_SITE_ID || process.env.NETLIFY_AUTH_TOKEN) {
    const env = netlifySchema.safeParse(process.env);
    if (!env.success) {
      console.error(
        'Set both NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (a personal access token) for a Netlify site, or neither for the local data.',
      );
      process.exit(2);
    }
    const context = { siteID: env.data.NETLIFY_SITE_ID, token: env.data.NETLIFY_AUTH_TOKEN };
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
    return { where: `Netlify site ${context.siteID}`, stop: async () => {} };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.netlify/data');
  // As under `npm start`: the local Blobs server on a busy machine is slow, not down.
  process.env.BLOBS_TRY_TIMEOUT_MS ??= '30000';
  return { where: dataDir, ...(await startBlobsServer(dataDir)) };
}
