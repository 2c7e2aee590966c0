/**
 * Inquiries from the contact form: one blob per inquiry under a time key, appended once.
 * The admin marks one handled on its blob (`handled`, `handledAt`), and our team's notes, replies and
 * owner are kept on it, each change a compare-and-set; an empty marker blob
 * `handled/<key>` beside it lets the admin list filter and count open and handled inquiries from the
 * key listing alone, without reading every record (docs/decisions/009-admin-lists.md). The words of
 * the parent's name and address find it, however old (storage/list-index.ts).
 */
import type { InquiryFilter, InquiryWork } from '#lib/admin-lists.schema';
import type { Page, PageQuery } from '#lib/paging';
import type { Inquiry } from '#lib/schemas';
import { appendOnlyStore, type Entry } from '#server/storage/append-only';
import { listIndex, type Indexed } from '#server/storage/list-index';
import type { WordLimit } from '#server/storage/kept-keys';
import { listKeys, pageOfKeys, readRecords } from '#server/storage/paging';
import { StorageError } from '#server/storage/error';
import { getJSONWithEtag, openStore, type DeployInfo } from '#server/storage/stores';

export interface InquiryRecord extends Inquiry {
  receivedAt: string;
  /** Set by the admin; absent until an inquiry is first marked. */
  handled?: boolean;
  handledAt?: string | null;
  /** The admin who looks after it; absent until one is named. */
  owner?: string | null;
  /** Our team's notes and replies, oldest first; absent until the first. */
  work?: InquiryWork[];
  /** Who named each owner, when: the record's own history of that field. */
  owners?: { at: string; by: string; owner: string | null }[];
}

/** Tries a compare-and-set a few times: another admin's change between read and write is read again. */
const TRIES = 5;

const HANDLED = 'handled/';
const isMarker = (key: string) => key.startsWith(HANDLED);

/** What finds an inquiry: the parent's name and address. */
const indexed = (key: string, inquiry: InquiryRecord): Indexed => ({
  id: key,
  fields: [inquiry.parentName, inquiry.email],
});

export function inquiriesRepo(info?: DeployInfo) {
  const log = appendOnlyStore<InquiryRecord>('inquiries', info, { list: 'inquiries', of: indexed });
  const store = openStore('inquiries', info);
  const index = listIndex('inquiries', info);
  /** Every inquiry's keys, made to agree with the records (`removeStray`: with nothing writing meanwhile). */
  async function rebuildIndex(removeStray = false) {
    const keys = (await listKeys(store)).filter((key) => !isMarker(key));
    const records = await readRecords<InquiryRecord>(store, keys);
    return index.rebuild(
      records.map(({ key, value }) => indexed(key, value)),
      removeStray,
    );
  }

  /** The inquiry keys that pass `filter`, newest first: one key listing, no record read. */
  async function keys(filter: InquiryFilter): Promise<string[]> {
    const all = await listKeys(store, { order: 'desc' });
    const handled = new Set(all.filter(isMarker).map((key) => key.slice(HANDLED.length)));
    return all.filter((key) => !isMarker(key) && (filter === 'all' || handled.has(key) === (filter === 'handled')));
  }

  async function page(query: PageQuery, filter: InquiryFilter = 'all'): Promise<Page<Entry<InquiryRecord>>> {
    const ofKeys = pageOfKeys(await keys(filter), query, 'desc');
    return { ...ofKeys, items: await readRecords<InquiryRecord>(store, ofKeys.items) };
  }

  async function update(key: string, change: (current: InquiryRecord) => InquiryRecord): Promise<InquiryRecord | null> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const current = await getJSONWithEtag<InquiryRecord>(store, key);
      if (!current) return null;
      const next = change(current.value);
      if (next === current.value) return next;
      if (await store.setJSON(key, next, { onlyIfMatch: current.etag })) return next;
    }
    // Storage that keeps refusing the condition is answered as storage that is out: try again.
    throw new StorageError(`The inquiry ${key} kept changing`);
  }

  return {
    /** Stores the inquiry and answers its key and the stored record. */
    async add(inquiry: Inquiry, now = new Date()): Promise<{ key: string; record: InquiryRecord }> {
      const record: InquiryRecord = { ...inquiry, receivedAt: now.toISOString() };
      return { key: await log.append(record, now), record };
    },
    get: log.get,
    /** One page of inquiries, newest first: all of them, the open ones or the handled ones. */
    page,
    /** How many inquiries pass `filter`: one key listing, no record read. */
    count: async (filter: InquiryFilter) => (await keys(filter)).length,
    /** The newest `limit` inquiries. */
    list: async (limit = 100) => (await page({ limit })).items,
    /** The inquiries with a word starting with each of `words` (searchWords), or a few more, however old. */
    async withWords(words: readonly string[], limit?: WordLimit): Promise<Entry<InquiryRecord>[]> {
      const keys = await index.withWords(words, rebuildIndex, limit);
      return readRecords<InquiryRecord>(store, keys.sort().reverse());
    },
    rebuildIndex,
    /**
     * Deletes an inquiry: its words first, then its handled marker, then the record, so a run cut off
     * leaves the record for the next one to find. Answers false for one already gone.
     */
    async remove(key: string): Promise<boolean> {
      const current = await log.get(key);
      if (!current) {
        await store.delete(`${HANDLED}${key}`);
        return false;
      }
      return index.write(indexed(key, current), null, async () => {
        await store.delete(`${HANDLED}${key}`);
        await store.delete(key);
        return true;
      });
    },
    /**
     * Marks an inquiry handled (keeping when it was first marked) or open again; answers the updated
     * record, null for an unknown key.
     * The blob is the truth and is written first; the marker follows it. Only these two fields ever
     * change, so a last-writer-wins write cannot lose anything else.
     */
    async setHandled(key: string, handled: boolean, now = new Date()): Promise<InquiryRecord | null> {
      const record = await update(key, (current) => {
        const handledAt = handled ? (current.handled && current.handledAt) || now.toISOString() : null;
        return { ...current, handled, handledAt };
      });
      if (!record) return null;
      if (handled) await store.set(`${HANDLED}${key}`, '');
      else await store.delete(`${HANDLED}${key}`);
      return record;
    },
    /**
     * Applies `change` to the inquiry as stored (a note, a reply, its owner), until no one changed it
     * meanwhile; null for an unknown key. `change` answers the record unchanged when there is nothing to do.
     */
    update,
  };
}
