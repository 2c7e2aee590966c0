/**
 * One blob copied from one store to another as it is stored: its bytes (never a JSON round trip) and
 * its metadata. With `onlyIfNew` it never overwrites: a blob already there is compared with the one
 * being copied, so a copy repeated after a failure finds its own earlier write the same.
 */
import { isDeepStrictEqual } from 'node:util';
import { StorageError, type Store } from '#server/storage/stores';

/**
 * 'gone': the source blob was deleted meanwhile; 'same'/'differs': one was there already
 * (`onlyIfNew`). `bytes`: the size of what was copied.
 */
export interface Copied {
  result: 'copied' | 'gone' | 'same' | 'differs';
  bytes: number;
}

/** A blob as read: its bytes and metadata. */
export type Found = { data: ArrayBuffer; metadata: Record<string, unknown> };

const isSame = (a: Found, b: Found) =>
  Buffer.from(a.data).equals(Buffer.from(b.data)) && isDeepStrictEqual(a.metadata, b.metadata);

export async function copyBlob(
  from: Store,
  fromKey: string,
  to: Store,
  toKey: string,
  { onlyIfNew = false } = {},
): Promise<Copied> {
  const found = await from.getWithMetadata(fromKey, { type: 'arrayBuffer' });
  return found ? writeCopy(found, to, toKey, { onlyIfNew }) : { result: 'gone', bytes: 0 };
}

/** Writes a blob read elsewhere (another store, a downloaded backup) as it was stored. */
export async function writeCopy(found: Found, to: Store, toKey: string, { onlyIfNew = false } = {}): Promise<Copied> {
  const bytes = found.data.byteLength;
  // A blob written without metadata reads as {}: written back the same way, it keeps no header either.
  const metadata = Object.keys(found.metadata).length > 0 ? { metadata: found.metadata } : {};
  if (await to.set(toKey, found.data, onlyIfNew ? { onlyIfNew, ...metadata } : metadata))
    return { result: 'copied', bytes };
  const there = await to.getWithMetadata(toKey, { type: 'arrayBuffer' });
  // "Already there" skips the write, so it must be so: a 412 from a broken proxy is not a blob.
  if (!there) throw new StorageError(`${toKey} in ${to.name}: 412 for a blob that does not exist`);
  return { result: isSame(found, there) ? 'same' : 'differs', bytes };
}
