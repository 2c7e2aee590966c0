/**
 * The local Blobs server (`BlobsServer` of @netlify/blobs), made to answer as Netlify's Blobs service
 * does in the two ways the product relies on. Local only.
 *
 * Listing: it writes a blob to a temporary file beside the others and renames it. A listing that
 * meets such a file between `readdir` and `stat` stops at the error and answers what it had
 * collected, with 200: blobs silently missing from the list (seen as an editor missing from the admin
 * list while a test in another worker wrote an editor). Its walk is replaced by the same walk that
 * skips an entry gone meanwhile, starts in the folder a prefix names and skips entries outside the
 * prefix before it stats them (the original stats every entry of the store, so listing one customer's
 * five index keys cost as much as the whole store). See docs/decisions/011-local-blobs-listing.md.
 *
 * Reading: Netlify answers a blob with its etag, which a compare-and-set then writes against; the
 * local server answers none, so every such read would need a listing too, a round trip production
 * never makes. A read here answers the etag of the version it sends.
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

const statIfThere = (path: string) =>
  stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));

async function walk(options: WalkOptions): Promise<void> {
  const { path, prefix, rootPath } = options;
  // A prefix with folders in it ('by-customer/<uid>/') names a directory: start there, so a prefix list
  // costs what it finds, not a read of every entry of the store (the original stats every one).
  const folders = path === rootPath ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
  if (folders) return walkFrom(options, join(rootPath, ...folders.split('/').filter(Boolean)), folders.slice(0, -1));
  return walkFrom(options, path, relative(rootPath, path).split(sep).join('/'));
}

/** Lists the directory `dir`, whose key is `dirKey` ('' for the store itself), and what is below it. */
async function walkFrom(options: WalkOptions, dir: string, dirKey: string): Promise<void> {
  const { directories, prefix, result } = options;
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  for (const entry of entries) {
    const key = dirKey ? `${dirKey}/${entry}` : entry;
    // Outside the prefix: skipped before any stat.
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    const entryPath = join(dir, entry);
    const info = await statIfThere(entryPath);
    if (!info) continue; // renamed or deleted since readdir: a write in flight, not a blob
    if (!info.isDirectory()) {
      result.blobs?.push({
        etag: await server.generateETag(entryPath),
        key,
        last_modified: info.mtime.toISOString(),
        size: info.size,
      });
    } else if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
    } else {
      await walkFrom(options, entryPath, key);
    }
  }
}

type Readable = {
  get(req: Request): Promise<Response>;
  head(req: Request): Promise<Response>;
  parseAPIRequest(req: Request): unknown;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
  address: string;
};
const { get: readBlob, head: readMetadata } = BlobsServer.prototype as unknown as Readable;

/**
 * A blob's read (or its metadata's) with its etag. The etag is made from the file's time of change: taken before and after
 * the read, it names the version sent only when both agree (a write landed between them otherwise, and
 * the read is made again).
 */
function withEtag(read: Readable['get']) {
  return async function (this: Readable, req: Request): Promise<Response> {
    const { dataPath, key } = this.parseAPIRequest(req) ? {} : this.getLocalPaths(new URL(req.url, this.address));
    if (!dataPath || !key) return read.call(this, req);
    for (;;) {
      const before = await server.generateETag(dataPath);
      const response = await read.call(this, req);
      if (response.status !== 200) return response;
      const after = await server.generateETag(dataPath);
      if (before && before === after) {
        response.headers.set('etag', after);
        return response;
      }
    }
  };
}

/** Makes every local Blobs server of this process list and read as Netlify's does (idempotent). */
export function answerAsNetlifyBlobs() {
  server.walk = walk;
  Object.assign(BlobsServer.prototype, { get: withEtag(readBlob), head: withEtag(readMetadata) });
}
