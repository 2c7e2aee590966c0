/** Waitlist entries: one blob per (editor, address), keyed `<editor id>/<normalised email>`. */
import type { WaitlistCounts, WaitlistItem } from '../../src/lib/admin';
import type { Page, PageQuery } from '../../src/lib/paging';
import { listKeys, readPage } from './paging';
import { openStore, StorageError, type DeployInfo } from './stores';

export type WaitlistEntry = WaitlistItem;

/** The editor id is a folder; encoding keeps any address one flat key inside it. */
export const waitlistKey = (editorId: string, email: string) => `${editorId}/${encodeURIComponent(email)}`;

export function waitlistRepo(info?: DeployInfo) {
  const store = openStore('waitlist', info);
  return {
    /** Adds a normalised address to an editor's waitlist once; answers whether it was new. */
    async join(entry: Omit<WaitlistEntry, 'at'>, now = new Date()): Promise<boolean> {
      const record: WaitlistEntry = { ...entry, at: now.toISOString() };
      const key = waitlistKey(entry.editorId, entry.email);
      if (await store.setJSON(key, record, { onlyIfNew: true })) return true;
      // "Already waiting" stores nothing, so it must be so: a 412 from a broken proxy is not an entry.
      if ((await store.getMetadata(key)) === null) throw new StorageError(`Waitlist ${key}: 412 for an entry that does not exist`);
      return false;
    },
    async get(editorId: string, email: string): Promise<WaitlistEntry | null> {
      return (await store.get(waitlistKey(editorId, email), { type: 'json' })) as WaitlistEntry | null;
    },
    /** One page of entries in key order: grouped by editor id, then by address. */
    page: (query: PageQuery): Promise<Page<WaitlistEntry>> => readPage(store, query, (entry: WaitlistEntry) => entry),
    /** How many wait for each editor, from the key listing alone. */
    async counts(): Promise<WaitlistCounts> {
      const counts: WaitlistCounts = {};
      for (const key of await listKeys(store)) {
        const editorId = key.slice(0, key.indexOf('/'));
        counts[editorId] = (counts[editorId] ?? 0) + 1;
      }
      return counts;
    },
  };
}
