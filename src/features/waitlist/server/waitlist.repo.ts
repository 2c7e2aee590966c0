/**
 * Waitlist entries: one blob per (editor, address), keyed `<editor id>/<encoded address>`, and beside
 * them a join-time index of empty blobs, `_joined/<ISO time>/<editor id>/<encoded address>`, so the
 * admin pages the list in the order people joined from the key listing alone. No editor id starts
 * with '_', so the index is never taken for an editor's folder. The words of the address find an
 * entry, however many there are (storage/list-index.ts).
 */
import type { WaitlistCounts, WaitlistItem, WaitlistTold } from '#lib/admin-lists.schema';
import type { Page, PageQuery } from '#lib/paging';
import { listIndex, type Indexed } from '#server/storage/list-index';
import type { WordLimit } from '#server/storage/kept-keys';
import { listKeys, pageOfKeys, readRecords } from '#server/storage/paging';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';

/** As stored: `told` is absent while the person waits. */
export interface WaitlistEntry extends Omit<WaitlistItem, 'told'> {
  told?: WaitlistTold;
}

export const toWaitlistItem = ({ told, ...entry }: WaitlistEntry): WaitlistItem => ({ ...entry, told: told ?? null });

/** The editor id is a folder; encoding keeps any address one flat key inside it. */
export const waitlistKey = (editorId: string, email: string) => `${editorId}/${encodeURIComponent(email)}`;

const JOINED = '_joined/';
/** An entry's place in the join order (exported for the backup's longest-key check). */
export const joinedKey = (entry: Pick<WaitlistEntry, 'at' | 'editorId' | 'email'>) =>
  `${JOINED}${entry.at}/${waitlistKey(entry.editorId, entry.email)}`;
/** The entry an index key points at: what follows the time. */
const entryKeyOf = (indexKey: string) => indexKey.slice(indexKey.indexOf('/', JOINED.length) + 1);

/** Earliest first; the same moment is settled by address, so the order never changes between reads. */
const byJoinTime = (a: WaitlistEntry, b: WaitlistEntry) => a.at.localeCompare(b.at) || a.email.localeCompare(b.email);

const ATTEMPTS = 5;

/**
 * An entry as the index names it: its key with ':' for '/' (an index id holds no '/'; the editor id
 * holds no ':', the encoded address no '/').
 */
export const waitlistIndexed = (entry: Pick<WaitlistEntry, 'editorId' | 'email'>): Indexed => ({
  id: waitlistKey(entry.editorId, entry.email).replace('/', ':'),
  fields: [entry.email],
});
const entryKeyOfIndexed = (id: string) => id.replace(':', '/');

export type JoinResult = 'joined' | 'again' | 'already';

export function waitlistRepo(info?: DeployInfo) {
  const store = openStore('waitlist', info);
  const index = listIndex('waitlist', info);
  const entryKeys = async () => (await listKeys(store)).filter((key) => !key.startsWith(JOINED));
  /** Every entry's words, made to agree with the entries (`removeStray`: with nothing writing meanwhile). */
  const rebuildIndex = async (removeStray = false) =>
    index.rebuild(
      (await entryKeys()).map((key) =>
        waitlistIndexed({
          editorId: key.slice(0, key.indexOf('/')),
          email: decodeURIComponent(key.slice(key.indexOf('/') + 1)),
        }),
      ),
      removeStray,
    );

  /**
   * The index keys of the entries that exist, in join order, each entry once: an index key whose
   * entry is gone (a removal or a join cut short) is left out, and of two for one entry (a join
   * retried after its answer was lost) the later is the one its entry was written with.
   */
  async function joinedKeys(editorId?: string): Promise<string[]> {
    const keys = await listKeys(store);
    const entries = new Set(keys.filter((key) => !key.startsWith(JOINED)));
    const latest = new Map<string, string>();
    for (const key of keys) {
      if (!key.startsWith(JOINED)) continue;
      const entryKey = entryKeyOf(key);
      if (entries.has(entryKey) && (!editorId || entryKey.startsWith(`${editorId}/`))) latest.set(entryKey, key);
    }
    return [...latest.values()].sort();
  }

  /** Updates one entry by compare-and-set; `change` answers null to leave it. Null for an entry that is not there. */
  async function change(
    editorId: string,
    email: string,
    next: (entry: WaitlistEntry) => WaitlistEntry | null,
  ): Promise<WaitlistEntry | null> {
    const key = waitlistKey(editorId, email);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await getJSONWithEtag<WaitlistEntry>(store, key);
      if (!current) return null;
      const updated = next(current.value);
      if (!updated) return current.value;
      if (await store.setJSON(key, updated, { onlyIfMatch: current.etag })) return updated;
    }
    throw new StorageError(`Waitlist ${key} kept changing`);
  }

  return {
    /**
     * Adds a normalised address to an editor's waitlist once. Someone already told who joins again
     * waits again, in the place they first had: 'again'. The index entry is written first, so an
     * entry never exists that the admin list cannot show.
     */
    async join(entry: Omit<WaitlistEntry, 'at' | 'told'>, now = new Date()): Promise<JoinResult> {
      const key = waitlistKey(entry.editorId, entry.email);
      if ((await store.getMetadata(key)) === null) {
        const record: WaitlistEntry = { ...entry, at: now.toISOString() };
        await store.set(joinedKey(record), '');
        if (await index.write(null, waitlistIndexed(record), () => store.setJSON(key, record, { onlyIfNew: true })))
          return 'joined';
        // Another join of the same address won: its place is the one to keep.
        const winner = await this.get(entry.editorId, entry.email);
        if (winner && winner.at !== record.at) await store.delete(joinedKey(record));
      }
      // "Already waiting" stores nothing, so it must be so: a 412 from a broken proxy is not an entry.
      let waitsAgain = false;
      const after = await change(entry.editorId, entry.email, ({ told, ...waiting }) => {
        waitsAgain = told !== undefined;
        return waitsAgain ? waiting : null;
      });
      if (!after) throw new StorageError(`Waitlist ${key}: 412 for an entry that does not exist`);
      return waitsAgain ? 'again' : 'already';
    },
    async get(editorId: string, email: string): Promise<WaitlistEntry | null> {
      return (await store.get(waitlistKey(editorId, email), { type: 'json' })) as WaitlistEntry | null;
    },
    /** One page of entries in the order people joined, of every editor or of one. */
    async page(query: PageQuery, editorId?: string): Promise<Page<WaitlistEntry>> {
      const page = pageOfKeys(await joinedKeys(editorId), query);
      const records = await readRecords<WaitlistEntry>(store, page.items.map(entryKeyOf));
      return { ...page, items: records.map(({ value }) => value) };
    },
    /** The entries with a word starting with each of `words` (searchWords), or a few more, in join order. */
    async withWords(words: readonly string[], limit?: WordLimit): Promise<WaitlistEntry[]> {
      const keys = (await index.withWords(words, rebuildIndex, limit)).map(entryKeyOfIndexed);
      return (await readRecords<WaitlistEntry>(store, keys)).map(({ value }) => value).sort(byJoinTime);
    },
    rebuildIndex,
    /** Every entry (of one editor, or all), in the order people joined: reads them all. */
    async all(editorId?: string): Promise<WaitlistEntry[]> {
      const keys = (await listKeys(store, editorId ? { prefix: `${editorId}/` } : {})).filter(
        (key) => !key.startsWith(JOINED),
      );
      return (await readRecords<WaitlistEntry>(store, keys)).map(({ value }) => value).sort(byJoinTime);
    },
    /** How many wait for each editor, from the key listing alone. */
    async counts(): Promise<WaitlistCounts> {
      const counts: WaitlistCounts = {};
      for (const key of await listKeys(store)) {
        if (key.startsWith(JOINED)) continue;
        const editorId = key.slice(0, key.indexOf('/'));
        counts[editorId] = (counts[editorId] ?? 0) + 1;
      }
      return counts;
    },
    /** Marks an entry told in an opening, once: answers the entry as stored (null if it was removed). */
    markTold: (editorId: string, email: string, told: WaitlistTold) =>
      change(editorId, email, (entry) => (entry.told ? null : { ...entry, told })),
    /** Removes an entry and its index entry; answers false for one that is not there. */
    async remove(editorId: string, email: string): Promise<boolean> {
      const entry = await this.get(editorId, email);
      if (!entry) return false;
      // The words, then the entry: an index entry left behind by a failure here points at nothing and is not listed.
      return index.write(waitlistIndexed(entry), null, async () => {
        await store.delete(waitlistKey(editorId, email));
        await store.delete(joinedKey(entry));
        return true;
      });
    },
    /** Entries stored before the join-time index (local data only) get their index entry; answers how many. */
    async indexUnindexed(): Promise<number> {
      const keys = await listKeys(store);
      const indexed = new Set(keys.filter((key) => key.startsWith(JOINED)).map(entryKeyOf));
      const records = await readRecords<WaitlistEntry>(
        store,
        keys.filter((key) => !key.startsWith(JOINED) && !indexed.has(key)),
      );
      await Promise.all(records.map(({ value }) => store.set(joinedKey(value), '')));
      return records.length;
    },
  };
}
