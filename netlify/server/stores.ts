/**
 * The one place that names Blobs stores. Site stores are shared by every deploy context, so
 * outside production the context is a prefix: a deploy preview never writes production data.
 */
import { getStore } from '@netlify/blobs';
import { blobsFetch } from './blobs-fetch';
import { deployContext, type DeployInfo } from './deploy';

export type { DeployInfo };

export type StoreName =
  | 'editors'
  | 'subscribers'
  | 'inquiries'
  | 'waitlist'
  | 'orders'
  | 'customers'
  | 'events'
  | 'outbox'
  | 'uploads'
  | 'projects'
  | 'timers'
  | 'files'
  | 'consults';

export function storeName(name: StoreName, context: string | undefined): string {
  return !context || context === 'production' ? name : `${context}--${name}`;
}

/** Opens a store with strong consistency: our reads usually follow our own writes. */
export function openStore(name: StoreName, info?: DeployInfo) {
  return getStore({ name: storeName(name, deployContext(info)), consistency: 'strong', fetch: blobsFetch });
}

type Store = ReturnType<typeof getStore>;

/**
 * A JSON blob with the etag to compare-and-set it against. The local Blobs server returns no etag
 * from `getWithMetadata`; its listing does (DESIGN §1), so that is the fallback.
 */
export async function getJSONWithEtag<T>(store: Store, key: string): Promise<{ value: T; etag: string } | null> {
  const found = await store.getWithMetadata(key, { type: 'json' });
  if (!found) return null;
  const etag = found.etag ?? (await store.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;
  if (!etag) throw new Error(`No etag for ${key}`);
  return { value: found.data as T, etag };
}
