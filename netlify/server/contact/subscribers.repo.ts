/** Newsletter subscribers: one blob per normalised address. */
import type { Page, PageQuery } from '../../../src/lib/paging';
import { listKeys, readPage, readRecords } from '../storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '../storage/stores';

export interface Subscriber {
  email: string;
  enabled: boolean;
  subscribedAt: string;
  /** When the subscriber left through their unsubscribe link; cleared when they subscribe again. */
  unsubscribedAt?: string;
}

/** Blob keys treat '/' as a folder separator; encoding keeps any address one flat key. */
export const subscriberKey = (email: string) => encodeURIComponent(email);

export function subscribersRepo(info?: DeployInfo) {
  const store = openStore('subscribers', info);

  async function get(email: string): Promise<Subscriber | null> {
    return (await store.get(subscriberKey(email), { type: 'json' })) as Subscriber | null;
  }

  return {
    get,
    /**
     * Subscribes a normalised address. A new address is written once (`onlyIfNew`); a known one
     * stays as it is, except that a disabled one is enabled again.
     */
    async subscribe(email: string, now = new Date()): Promise<'created' | 'reenabled' | 'existing'> {
      const key = subscriberKey(email);
      const fresh: Subscriber = { email, enabled: true, subscribedAt: now.toISOString() };
      if (await store.setJSON(key, fresh, { onlyIfNew: true })) return 'created';
      const current = await get(email);
      if (current?.enabled) return 'existing';
      await store.setJSON(key, { ...fresh, subscribedAt: current?.subscribedAt ?? fresh.subscribedAt });
      return 'reenabled';
    },
    /**
     * The subscriber's own choice to leave, by compare-and-set: of two clicks at once one records the
     * time and the other finds it done. An unknown address changes nothing.
     */
    async unsubscribe(email: string, now = new Date()): Promise<'unsubscribed' | 'already' | 'unknown'> {
      const key = subscriberKey(email);
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<Subscriber>(store, key);
        if (!current) return 'unknown';
        if (!current.value.enabled) return 'already';
        const left: Subscriber = { ...current.value, enabled: false, unsubscribedAt: now.toISOString() };
        if (await store.setJSON(key, left, { onlyIfMatch: current.etag })) return 'unsubscribed';
      }
      throw new StorageError(`Subscriber ${key} kept changing`);
    },
    /** Every subscriber, by address. */
    async list(): Promise<Subscriber[]> {
      const records = await readRecords<Subscriber>(store, await listKeys(store));
      return records.map((r) => r.value);
    },
    /** One page of subscribers, by address. */
    async page(query: PageQuery): Promise<Page<Subscriber>> {
      return readPage(store, query, (s: Subscriber) => s);
    },
    /** Deactivates or reactivates an address; answers the record, or null when it is not subscribed. */
    async setEnabled(email: string, enabled: boolean): Promise<Subscriber | null> {
      const current = await get(email);
      if (!current) return null;
      const record: Subscriber = { ...current, enabled };
      await store.setJSON(subscriberKey(email), record);
      return record;
    },
  };
}
