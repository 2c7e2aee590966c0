/**
 * The one place that names Blobs stores and opens them. Site stores are shared by every deploy
 * context, so outside production the context is a prefix: a deploy preview never writes production
 * data. Every store is our trusted wrapper (storage/store.ts), never the Blobs client itself.
 */
import { deployContext, type DeployInfo } from './deploy';
import { StorageError } from './error';
import { journaledStore } from './journal';
import { STORE_NAMES, type StoreName } from './names';
import { trustedStore, type Store } from './store';

export type { DeployInfo, Store };
export { StorageError };

export { STORE_NAMES, type StoreName };

export function storeName(name: StoreName, context: string | undefined): string {
  return !context || context === 'production' ? name : `${context}--${name}`;
}

/**
 * Opens a store with strong consistency: our reads usually follow our own writes. Its changes are
 * journaled for the backups (journal.ts); `unjournaled` is for a restore, which writes what the
 * backups hold already, and for scratch stores no backup reads.
 */
export function openStore(name: StoreName, info?: DeployInfo, { unjournaled = false } = {}): Store {
  const context = deployContext(info);
  const store = trustedStore(storeName(name, context));
  return unjournaled ? store : journaledStore(store, trustedStore(storeName('journal', context)), name);
}

/**
 * A JSON blob with the etag to compare-and-set it against. Blobs answers every read with its etag;
 * without one there is nothing safe to compare against, and the caller is told.
 */
export async function getJSONWithEtag<T>(store: Store, key: string): Promise<{ value: T; etag: string } | null> {
  const found = await store.getWithMetadata(key);
  if (!found) return null;
  const { etag } = found;
  if (!etag) throw new StorageError(`No etag for ${key} in ${store.name}`);
  return { value: found.data as T, etag };
}
