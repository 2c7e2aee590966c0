/**
 * Reads what the site under test stored, straight from the local Blobs server's data dir
 * (entries/<site id>/site:<store>/<key>), so browser tests can check the server side of a flow.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readStored<T = unknown>(store: string, key: string): Promise<T | null> {
  const file = join(process.env.E2E_DATA_DIR!, 'entries', '0', `site:${store}`, key);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Every record of a store (e.g. one keyed by time, whose keys a test cannot know), in no particular order. */
export async function listStored<T = unknown>(store: string): Promise<T[]> {
  const dir = join(process.env.E2E_DATA_DIR!, 'entries', '0', `site:${store}`);
  const names = await readdir(dir).catch(() => [] as string[]);
  // The Blobs server writes through dot-named temporary files.
  const files = names.filter((name) => !name.startsWith('.'));
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as T));
}
