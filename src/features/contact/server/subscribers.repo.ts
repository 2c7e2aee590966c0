/** Newsletter subscribers: one blob per normalised address, found by its words however many there are (storage/list-index.ts). */
import type { Page, PageQuery } from '#lib/paging';
import { optInTexts } from '../opt-in';
import type { EmailSubscriber } from '#lib/schemas';
import { HttpError } from '#server/core/http';
import { listIndex, type Indexed } from '#server/storage/list-index';
import type { WordLimit } from '#server/storage/kept-keys';
import { listKeys, readPage, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

export interface Subscriber {
  email: string;
  /** Gets the newsletter: only once the address confirmed through the link mailed to it. */
  enabled: boolean;
  subscribedAt: string;
  /** Signed up and not yet confirmed (records from before double opt-in have no such state). */
  pending?: true;
  /** When the subscriber left through their unsubscribe link; cleared when they confirm again. */
  unsubscribedAt?: string;
}

/** How the admin reads a record; only an address an admin turned off may be turned on by one. */
export const subscriberStatus = (s: Subscriber): EmailSubscriber['status'] =>
  s.enabled ? 'active' : s.pending ? 'pending' : s.unsubscribedAt ? 'unsubscribed' : 'inactive';

/** Blob keys treat '/' as a folder separator; encoding keeps any address one flat key. */
export const subscriberKey = (email: string) => encodeURIComponent(email);

const indexed = (email: string): Indexed => ({ id: subscriberKey(email), fields: [email] });

export function subscribersRepo(info?: DeployInfo) {
  const store = openStore('subscribers', info);
  const index = listIndex('subscribers', info);
  /** A new address's record, its words first; false when the address is stored already. */
  const create = (record: Subscriber) =>
    index.write(null, indexed(record.email), () =>
      store.setJSON(subscriberKey(record.email), record, { onlyIfNew: true }),
    );
  /** Every address's words, made to agree with the records (`removeStray`: with nothing writing meanwhile). */
  const rebuildIndex = async (removeStray = false) =>
    index.rebuild(
      (await listKeys(store)).map((key) => indexed(decodeURIComponent(key))),
      removeStray,
    );

  async function get(email: string): Promise<Subscriber | null> {
    return (await store.get(subscriberKey(email), { type: 'json' })) as Subscriber | null;
  }

  return {
    get,
    /**
     * A sign-up from the form: a new address is written once (`onlyIfNew`) as pending; a known one
     * stays exactly as it is, whoever asks: only its owner's confirmation changes it.
     */
    async signUp(email: string, now = new Date()): Promise<Subscriber> {
      const fresh: Subscriber = { email, enabled: false, pending: true, subscribedAt: now.toISOString() };
      if (await create(fresh)) return fresh;
      const current = await get(email);
      // A 412 from a broken proxy is not a record: the caller is told to retry.
      if (!current) throw new StorageError(`Subscriber ${subscriberKey(email)}: 412 for a record that does not exist`);
      return current;
    },
    /**
     * The address's owner confirmed (the link mailed to it), by compare-and-set: it gets the
     * newsletter from now on, keeping its first sign-up date. Confirming twice changes nothing.
     */
    async subscribe(email: string, now = new Date()): Promise<'created' | 'reenabled' | 'existing'> {
      const key = subscriberKey(email);
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<Subscriber>(store, key);
        if (current?.value.enabled) return 'existing';
        const record: Subscriber = {
          email,
          enabled: true,
          subscribedAt: current?.value.subscribedAt ?? now.toISOString(),
        };
        const written = current
          ? await store.setJSON(key, record, { onlyIfMatch: current.etag })
          : await create(record);
        if (written) return current ? 'reenabled' : 'created';
      }
      throw new StorageError(`Subscriber ${key} kept changing`);
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
    /** The subscribers with a word starting with each of `words` (searchWords), or a few more. */
    async withWords(words: readonly string[], limit?: WordLimit): Promise<Subscriber[]> {
      const keys = await index.withWords(words, rebuildIndex, limit);
      return (await readRecords<Subscriber>(store, keys.sort())).map((r) => r.value);
    },
    rebuildIndex,
    /** One page of subscribers, by address. */
    async page(query: PageQuery): Promise<Page<Subscriber>> {
      return readPage(store, query, (s: Subscriber) => s);
    },
    /**
     * Deactivates or reactivates an address (the admin); answers the record, or null when it is not
     * subscribed. An address that left or never confirmed is not reactivated: only its owner does that.
     */
    async setEnabled(email: string, enabled: boolean): Promise<Subscriber | null> {
      const current = await get(email);
      if (!current) return null;
      if (enabled && !current.enabled && subscriberStatus(current) !== 'inactive')
        throw new HttpError(409, optInTexts.notReactivatable);
      const record: Subscriber = { ...current, enabled };
      await store.setJSON(subscriberKey(email), record);
      return record;
    },
  };
}
