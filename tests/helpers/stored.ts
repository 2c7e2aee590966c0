/**
 * Reads and writes what the site under test stores, straight in the local Blobs server's data dir
 * (entries/<site id>/site:<store>/<key>), so browser tests can check or arrange the server side.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const storeDir = (store: string) => join(process.env.E2E_DATA_DIR!, 'entries', '0', `site:${store}`);
const entryFile = (store: string, key: string) => join(storeDir(store), key);

export async function readStored<T = unknown>(store: string, key: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(entryFile(store, key), 'utf8')) as T;
  } catch {
    return null;
  }
}

export async function writeStored(store: string, key: string, value: unknown) {
  const file = entryFile(store, key);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
}

/**
 * Every top-level record of a store (e.g. one keyed by time, whose keys a test cannot know), in no
 * particular order. Keys with a '/' (index folders such as `handled/` or `by-customer/`) are not records.
 */
export async function listStored<T = unknown>(store: string): Promise<T[]> {
  const entries = await readdir(storeDir(store), { withFileTypes: true }).catch(() => []);
  // The Blobs server writes through dot-named temporary files.
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(entryFile(store, name), 'utf8')) as T));
}
