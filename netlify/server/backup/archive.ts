/**
 * A backup to keep elsewhere (`npm run backup:download`, `npm run restore -- --from <file>`): the site
 * at one point of the backups, as one gzipped file of JSON lines. The first line says what it is; each
 * other line is one blob: its store, key, metadata and bytes (base64). Written and read as a stream, so
 * its size is bounded by the disk, not by memory.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from '#lib/zod';
import { forgetCompleteness } from '#server/storage/list-index';
import { listKeys } from '#server/storage/paging';
import { openStore, type DeployInfo, type Store } from '#server/storage/stores';
import { writeCopy } from './copy';
import { forEachWhile, untilDone } from './pool';
import { BACKED_UP_STORES, isBackedUpStore, type BackedUpStore } from './layout';
import { BackupUnusable, foreignBlobs, pointOf, tally, type RestoreResult, type StoreRestore } from './restore';

const KIND = 'beacon-college-counsel-backup';
const AT_ONCE = 8;

const headerSchema = z.object({ kind: z.literal(KIND), point: z.string(), madeAt: z.string(), blobs: z.number() });
const lineSchema = z.object({
  store: z.string().refine(isBackedUpStore),
  key: z.string().min(1),
  metadata: z.record(z.unknown()),
  data: z.string(),
});

/** Runs `work` on each item as it comes, a few at a time; the first failure is thrown. */
function pool() {
  const running = new Set<Promise<void>>();
  const failures: unknown[] = [];
  return {
    async add(work: () => Promise<void>) {
      if (failures.length > 0) throw failures[0];
      const task = work().catch((error: unknown) => void failures.push(error));
      running.add(task);
      void task.finally(() => running.delete(task));
      if (running.size >= AT_ONCE) await Promise.race(running);
    },
    async done() {
      await Promise.all(running);
      if (failures.length > 0) throw failures[0];
    },
  };
}

/** Writes the site at `point` (the newest when not given) to `path`; answers what it holds. */
export async function downloadBackup(path: string, point: string | undefined, info?: DeployInfo) {
  const backups = openStore('backups', info);
  const { at, plan } = await pointOf(backups, point);
  const blobs = [...plan.values()].reduce((sum, keys) => sum + keys.size, 0);
  const gzip = createGzip();
  // Named as the backup only once whole: a download cut short leaves no file that looks complete.
  const partial = `${path}.partial`;
  const file = createWriteStream(partial);
  const finished = once(file, 'finish');
  gzip.pipe(file);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  await write({ kind: KIND, point: at, madeAt: new Date().toISOString(), blobs });
  let bytes = 0;
  // A few blobs are read at once; each line is written whole as its blob arrives, in any order.
  const blobsOf = [...plan].flatMap(([store, keys]) => [...keys].map(([key, copy]) => ({ store, key, copy })));
  await forEachWhile(blobsOf, { concurrency: AT_ONCE, goOn: untilDone }, async ({ store, key, copy }) => {
    const found = await backups.getWithMetadata(copy, { type: 'arrayBuffer' });
    if (!found) throw new BackupUnusable(`${copy} went missing from the backup during the download.`);
    bytes += found.data.byteLength;
    await write({ store, key, metadata: found.metadata, data: Buffer.from(found.data).toString('base64') });
  });
  gzip.end();
  await finished;
  await rename(partial, path);
  return { point: at, blobs, bytes };
}

/**
 * Each line of a downloaded backup after its header, checked; a file of another kind, or one cut
 * short, is refused. The header's point is left in `seen`.
 */
async function* linesOf(path: string, seen: { point: string }) {
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  let header = true;
  let count = 0;
  let expected = 0;
  const texts = (async function* () {
    try {
      yield* lines;
    } catch (error) {
      throw new BackupUnusable(`${path} could not be read: ${(error as Error).message}.`);
    }
  })();
  for await (const text of texts) {
    const parsed = (schema: z.ZodTypeAny) => {
      try {
        return schema.parse(JSON.parse(text));
      } catch {
        throw new BackupUnusable(`${path} is not a backup this site wrote (line ${count + 1}).`);
      }
    };
    if (header) {
      const { blobs, point } = parsed(headerSchema) as z.infer<typeof headerSchema>;
      expected = blobs;
      seen.point = point;
      header = false;
      continue;
    }
    count++;
    yield parsed(lineSchema) as { store: BackedUpStore; key: string; metadata: Record<string, unknown>; data: string };
  }
  if (header || count !== expected)
    throw new BackupUnusable(`${path} holds ${count} of the ${expected} blobs it says it has: it was cut short.`);
}

/**
 * Writes a downloaded backup into the stores, as a restore from the backups does: into empty stores
 * unless `merge`, every write `onlyIfNew`, checked at the end. Journaled: the site's own backups copy
 * what it brought back.
 */
export async function restoreDownloaded(
  path: string,
  { info, merge = false }: { info?: DeployInfo; merge?: boolean } = {},
): Promise<RestoreResult> {
  // A first reading checks the whole file and learns its keys, before anything is written.
  const keys = new Map<BackedUpStore, Set<string>>(BACKED_UP_STORES.map((store) => [store, new Set()]));
  const seen = { point: '' };
  for await (const { store, key } of linesOf(path, seen)) keys.get(store)!.add(key);
  const target = (store: BackedUpStore): Store => openStore(store, info);
  const refused = await foreignBlobs((store) => keys.get(store), target);
  if (refused.length > 0 && !merge) return { refused };

  const reports = new Map<BackedUpStore, StoreRestore>(
    BACKED_UP_STORES.map((store) => [
      store,
      { store, blobs: keys.get(store)!.size, written: 0, alreadyThere: 0, differing: [], missing: [] },
    ]),
  );
  const writes = pool();
  for await (const { store, key, metadata, data } of linesOf(path, seen)) {
    const bytes = Buffer.from(data, 'base64');
    const found = { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), metadata };
    await writes.add(async () =>
      tally(reports.get(store)!, key, (await writeCopy(found, target(store), key, { onlyIfNew: true })).result),
    );
  }
  await writes.done();
  for (const report of reports.values()) {
    const present = new Set(await listKeys(target(report.store)));
    report.missing = [...keys.get(report.store)!].filter((key) => !present.has(key)).sort();
    report.differing.sort();
  }
  // The lists' index keys are not backed up: the records brought back get theirs on the next read.
  await forgetCompleteness(info);
  return { point: seen.point, restored: [...reports.values()] };
}
