/**
 * Reads what the site under test stored, straight from the local Blobs server's data dir
 * (entries/<site id>/site:<store>/<key>), so browser tests can check the server side of a flow.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readStored<T = unknown>(store: string, key: string): Promise<T | null> {
  const file = join(process.env.E2E_DATA_DIR!, 'entries', '0', `site:${store}`, key);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
