/**
 * Append-only stores keyed by time (inquiries, outbox). A key is the ISO time plus a
 * random suffix: keys sort in time order, and two records of the same millisecond never collide.
 */
import type { PageQuery } from '#lib/paging';
import { listIndex, type Indexed, type IndexedList } from './list-index';
import { readPage } from './paging';
import { openStore, StorageError, type DeployInfo, type StoreName } from './stores';

export const timeKey = (now: Date) => `${now.toISOString()}-${crypto.randomUUID().slice(0, 8)}`;
/** The key of a record written once per `id`: still in time order, the same on every retry. */
export const onceKey = (id: string, at: Date) => `${at.toISOString()}-${id}`;

export interface Entry<T> {
  key: string;
  value: T;
}

/** How a list's record is found (list-index.ts): its keys are written with it. */
export interface AppendIndex<T> {
  list: IndexedList;
  of: (key: string, value: T) => Indexed;
}

export function appendOnlyStore<T>(name: StoreName, info?: DeployInfo, index?: AppendIndex<T>) {
  const store = openStore(name, info);
  const keys = index && listIndex(index.list, info);
  const get = async (key: string) => (await store.get(key, { type: 'json' })) as T | null;
  /**
   * Writes `value` under `key` unless taken, its index keys first. Taken, the keys become the stored
   * record's: a retry's version (a name emptied since) must leave none of its own behind.
   */
  const setNew = async (key: string, value: T) => {
    const write = () => store.setJSON(key, value, { onlyIfNew: true });
    if (!keys) return write();
    if (await keys.write(null, index!.of(key, value), write)) return true;
    const stored = await get(key);
    if (stored !== null) await keys.write(index!.of(key, value), index!.of(key, stored), async () => true);
    return false;
  };
  return {
    /** Writes `value` under a fresh key, never over another record, and answers the key. */
    async append(value: T, now = new Date()): Promise<string> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const key = timeKey(now);
        if (await setNew(key, value)) return key;
      }
      throw new StorageError(`No free key in the ${name} store`);
    },
    /** Writes `value` under `key`, made by `timeKey` beforehand (something else had to name it first). */
    async appendAt(key: string, value: T): Promise<void> {
      if (!(await setNew(key, value))) throw new Error(`${key} is taken in the ${name} store`);
    },
    /**
     * Writes `value` under the key that `at` and `id` make, once: the same (at, id) again answers
     * false and changes nothing, so a flow that is retried appends its record once.
     */
    async appendOnce(id: string, value: T, at: Date): Promise<boolean> {
      const key = onceKey(id, at);
      if (await setNew(key, value)) return true;
      // "Already there" drops the work, so it must be so: a 412 from a broken proxy is not a record.
      if ((await store.getMetadata(key)) === null)
        throw new StorageError(`${key} in the ${name} store: 412 for a record that does not exist`);
      return false;
    },
    get,
    /** One page of records, newest first. */
    page: (query: PageQuery) =>
      readPage(store, query, (value: T, key): Entry<T> => ({ key, value }), { order: 'desc' }),
  };
}
