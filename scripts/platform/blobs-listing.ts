/**
 * The local Blobs server (`BlobsServer` of @netlify/blobs) writes a blob to a temporary file beside
 * the others and renames it. A listing that meets such a file between `readdir` and `stat` stops at
 * the error and answers what it had collected, with 200: blobs silently missing from the list (seen
 * as an editor missing from the admin list while a test in another worker wrote an editor). Its walk
 * is replaced by the same walk that skips an entry gone meanwhile, and that skips entries outside the
 * prefix before it stats them (the original stats every entry of the store, so listing one customer's
 * five index keys cost as much as the whole store). Local only: Netlify's Blobs service lists
 * consistently, by prefix. See docs/decisions/011-local-blobs-listing.md.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: { etag: string; key: string; last_modified: string; size: number }[]; directories?: string[] };
}

type Walkable = { walk(options: WalkOptions): Promise<void>; generateETag(path: string): Promise<string> };
const server = BlobsServer as unknown as Walkable;

const statIfThere = (path: string) => stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));

async function walk({ directories, path, prefix, rootPath, result }: WalkOptions): Promise<void> {
  for (const entry of await readdir(path)) {
    const entryPath = join(path, entry);
    const key = relative(rootPath, entryPath).split(sep).join('/');
    // Outside the prefix: skipped before any stat, so a prefix list costs what it finds, not the store's size.
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    const info = await statIfThere(entryPath);
    if (!info) continue; // renamed or deleted since readdir: a write in flight, not a blob
    if (!info.isDirectory()) {
      result.blobs?.push({ etag: await server.generateETag(entryPath), key, last_modified: info.mtime.toISOString(), size: info.size });
    } else if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
    } else {
      await walk({ directories, path: entryPath, prefix, rootPath, result });
    }
  }
}

/** Makes every local Blobs server of this process list consistently (idempotent). */
export function listBlobsConsistently() {
  server.walk = walk;
}
