/**
 * Our store: the Blobs client's operations with answers we can trust (docs/decisions/024-one-store-wrapper.md).
 * - A write answers `true` when Blobs stored it (2xx) and `false` only for a conflict (412, possible
 *   only with `onlyIfNew`/`onlyIfMatch`); anything else throws a StorageError.
 * - A read answers `null` only for 404; anything else that is not the blob throws a StorageError.
 * - Every key is checked first (keys.ts).
 * Each operation gets its own client whose transport records how Blobs answered (transport.ts).
 */
import { getStore } from '@netlify/blobs';
import { InvalidKeyError, StorageError } from './error';
import { checkKey } from './keys';
import { recordingTransport, type Outcome } from './transport';

type WriteCondition = { onlyIfNew: true; onlyIfMatch?: never } | { onlyIfMatch: string; onlyIfNew?: never };
type WriteOptions = Partial<WriteCondition> & { metadata?: Record<string, unknown> };
type BlobData = string | ArrayBuffer;

interface ListedBlob {
  key: string;
  etag: string;
}
interface Listing {
  blobs: ListedBlob[];
  directories: string[];
}

export interface Store {
  readonly name: string;
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  get(key: string, options: { type: 'text' }): Promise<string | null>;
  get(key: string, options: { type: 'arrayBuffer' }): Promise<ArrayBuffer | null>;
  getWithMetadata(key: string): Promise<{ data: unknown; etag?: string; metadata: Record<string, unknown> } | null>;
  /** The bytes as stored, with their metadata: what a copy of the blob needs, in one request. */
  getWithMetadata(
    key: string,
    options: { type: 'arrayBuffer' },
  ): Promise<{ data: ArrayBuffer; etag?: string; metadata: Record<string, unknown> } | null>;
  getMetadata(key: string): Promise<{ etag?: string; metadata: Record<string, unknown> } | null>;
  list(options?: { prefix?: string; directories?: boolean }): Promise<Listing>;
  /**
   * The keys under `prefix`, page by page (Blobs pages a listing by 1,000 keys), stopping once `max`
   * are found: `more` says there may be others. A listing that cannot grow without bound.
   */
  listUpTo(prefix: string, max: number): Promise<{ keys: string[]; more: boolean }>;
  /** Answers whether it was written: `false` is a conflict, only possible with a condition. */
  set(key: string, data: BlobData, options?: WriteOptions): Promise<boolean>;
  setJSON(key: string, value: unknown, options?: WriteOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export function trustedStore(name: string): Store {
  /** Runs one operation with a client of its own, and judges it by the last answer Blobs gave. */
  async function operate<T>(
    what: string,
    run: (client: ReturnType<typeof getStore>) => Promise<T>,
  ): Promise<{ result: T; outcome: Outcome }> {
    const outcome: Outcome = {};
    const client = getStore({ name, consistency: 'strong', fetch: recordingTransport(outcome) });
    let result: T;
    try {
      result = await run(client);
    } catch (error) {
      if (error instanceof InvalidKeyError) throw error;
      throw new StorageError(`${what} in ${name} failed: ${outcome.failure?.message ?? (error as Error).message}`, {
        cause: outcome.failure ?? error,
      });
    }
    if (outcome.failure)
      throw new StorageError(`${what} in ${name} failed: ${outcome.failure.message}`, { cause: outcome.failure });
    return { result, outcome };
  }

  async function write(
    key: string,
    options: WriteOptions,
    put: (client: ReturnType<typeof getStore>) => Promise<unknown>,
  ): Promise<boolean> {
    checkKey(key);
    const { outcome } = await operate(`Writing ${key}`, put);
    const status = outcome.status ?? 0;
    if (status >= 200 && status < 300) return true;
    if (status === 412 && (options.onlyIfNew || options.onlyIfMatch)) return false;
    throw new StorageError(`Writing ${key} in ${name} failed: Blobs answered ${status}`);
  }

  const sdkOptions = ({ onlyIfNew, onlyIfMatch, metadata }: WriteOptions) =>
    onlyIfMatch ? { onlyIfMatch, metadata } : onlyIfNew ? { onlyIfNew, metadata } : { metadata };

  const read = async <T>(key: string, run: (client: ReturnType<typeof getStore>) => Promise<T>) =>
    (await operate(`Reading ${checkKey(key)}`, run)).result;

  return {
    name,
    get: ((key: string, options: { type: 'json' | 'text' | 'arrayBuffer' }) =>
      read(key, (client) => client.get(key, { type: options.type as 'json' }))) as Store['get'],
    getWithMetadata: ((key: string, options: { type: 'json' | 'arrayBuffer' } = { type: 'json' }) =>
      read(key, (client) => client.getWithMetadata(key, { type: options.type as 'json' }))) as Store['getWithMetadata'],
    getMetadata: (key) => read(key, (client) => client.getMetadata(key)),
    async list(options = {}) {
      if (options.prefix !== undefined) checkKey(options.prefix, { prefix: true });
      const { result } = await operate(`Listing ${options.prefix ?? ''}`, (client) => client.list(options));
      return { blobs: result.blobs.map(({ key, etag }) => ({ key, etag })), directories: result.directories };
    },
    async listUpTo(prefix, max) {
      checkKey(prefix, { prefix: true });
      const { result } = await operate(`Listing ${prefix}`, async (client) => {
        const keys: string[] = [];
        for await (const page of client.list({ prefix, paginate: true })) {
          keys.push(...page.blobs.map((blob) => blob.key));
          if (keys.length >= max) return { keys: keys.slice(0, max), more: true };
        }
        return { keys, more: false };
      });
      return result;
    },
    set: (key, data, options = {}) => write(key, options, (client) => client.set(key, data, sdkOptions(options))),
    setJSON: (key, value, options = {}) =>
      write(key, options, (client) => client.setJSON(key, value, sdkOptions(options))),
    async delete(key) {
      checkKey(key);
      await operate(`Deleting ${key}`, (client) => client.delete(key));
    },
  };
}
