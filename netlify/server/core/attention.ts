/**
 * What the owner must hear of without asking: a family that cancelled and was refunded by itself, a
 * refund that failed, an editor who closed their account. Each is e-mailed to the business once and
 * kept in the `attention` store once (both keyed by the event), where the admin area counts what
 * nobody has marked seen yet. A marker blob `seen/<key>` beside an item says it was seen: the count
 * needs the key listing alone.
 */
import type { AttentionItem } from '#lib/audit';
import type { Page, PageQuery } from '#lib/paging';
import { site } from '#lib/site';
import { NOTIFICATION_OF } from '#lib/notifications';
import { appendOnlyStore, onceKey, type AppendIndex } from '#server/storage/append-only';
import { listIndex } from '#server/storage/list-index';
import { paragraphsMail, sendMail } from './mail';
import { notifyAdmins } from './notifications';
import { listKeys, pageOfKeys, readRecords } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';

interface AttentionRecord {
  at: string;
  kind: AttentionItem['kind'];
  orderId?: string;
  text: string;
}

/** One event for the owner: `id` names it (no '/'), `at` is a time its flow keeps, so a retry repeats nothing. */
export interface OwnerNotice {
  id: string;
  at: Date;
  kind: AttentionItem['kind'];
  /** The order it is about; none for an editor's closed account. */
  orderId?: string;
  subject: string;
  lines: string[];
}

const SEEN = 'seen/';

/** A notice about an order is found by it (list-index.ts): a closed account reads its own notices only. */
const byOrder: AppendIndex<AttentionRecord> = {
  list: 'attention',
  of: (key, value) => ({ id: key, fields: [], by: { order: value.orderId } }),
};
const notices = (info?: DeployInfo) => appendOnlyStore<AttentionRecord>('attention', info, byOrder);

/** Makes the notices' keys agree with the notices, every one of them (`npm run reindex`, or the first read after a restore). */
export async function rebuildAttentionIndex(info?: DeployInfo, removeStray = false) {
  const store = openStore('attention', info);
  const keys = (await listKeys(store)).filter((k) => !k.startsWith(SEEN));
  const records = await readRecords<AttentionRecord>(store, keys);
  return listIndex('attention', info).rebuild(
    records.map(({ key, value }) => byOrder.of(key, value)),
    removeStray,
  );
}

/**
 * Keeps the event for the admin area, then mails the business and the admins who chose its kind;
 * each once however often it runs.
 */
export async function tellOwner(notice: OwnerNotice, info?: DeployInfo): Promise<void> {
  const { id, at, kind, orderId, subject, lines } = notice;
  await notices(info).appendOnce(
    id,
    { at: at.toISOString(), kind, ...(orderId !== undefined && { orderId }), text: lines[0] },
    at,
  );
  await sendMail({ ...paragraphsMail(site.email, subject, lines), kind: 'owner' }, info, at, { id: `owner-${id}`, at });
  await notifyAdmins({ id, at, kind: NOTIFICATION_OF[kind], subject, lines, attention: onceKey(id, at) }, info);
}

/**
 * The owner's notices about `orderIds` that `names` finds a closed account's names in say
 * `instead(orderId)` in their place; their kind and order stay. Only those orders' notices are read.
 */
export async function forgetNamesInNotices(
  names: (text: string) => boolean,
  instead: (orderId: string) => string,
  orderIds: readonly string[],
  info?: DeployInfo,
): Promise<void> {
  const store = openStore('attention', info);
  const index = listIndex('attention', info);
  const pages = await Promise.all(
    orderIds.map((orderId) =>
      index.pageWith({ order: orderId }, { limit: Number.MAX_SAFE_INTEGER }, () => rebuildAttentionIndex(info)),
    ),
  );
  const records = await readRecords<AttentionRecord>(store, [...new Set(pages.flatMap((page) => page.items))]);
  await Promise.all(
    records.flatMap(({ key, value }) =>
      // Only a family's notices carry its names; an editor's closure names the editor alone.
      value.orderId !== undefined && names(value.text)
        ? [store.setJSON(key, { ...value, text: instead(value.orderId) })]
        : [],
    ),
  );
}

export function attentionRepo(info?: DeployInfo) {
  const store = openStore('attention', info);

  async function keys(): Promise<{ items: string[]; seen: Set<string> }> {
    const all = await listKeys(store, { order: 'desc' });
    return {
      items: all.filter((k) => !k.startsWith(SEEN)),
      seen: new Set(all.filter((k) => k.startsWith(SEEN)).map((k) => k.slice(SEEN.length))),
    };
  }

  return {
    /** One page of events, newest first, and how many of all of them nobody has seen. */
    async page(query: PageQuery): Promise<Page<AttentionItem> & { unseen: number }> {
      const { items, seen } = await keys();
      const page = pageOfKeys(items, query, 'desc');
      const records = await readRecords<AttentionRecord>(store, page.items);
      return {
        ...page,
        items: records.map(({ key, value }) => ({ id: key, ...value, seen: seen.has(key) })),
        unseen: items.filter((k) => !seen.has(k)).length,
      };
    },
    /** How many events nobody has marked seen: the key listing alone. */
    async unseen(): Promise<number> {
      const { items, seen } = await keys();
      return items.filter((k) => !seen.has(k)).length;
    },
    /** Whether an event was marked seen; null for an unknown one. */
    async seen(id: string): Promise<boolean | null> {
      const [item, marker] = await Promise.all([store.getMetadata(id), store.getMetadata(`${SEEN}${id}`)]);
      return item === null ? null : marker !== null;
    },
    /** Marks an event seen; false for an unknown one. */
    async markSeen(id: string): Promise<boolean> {
      if ((await store.getMetadata(id)) === null) return false;
      await store.set(`${SEEN}${id}`, '');
      return true;
    },
  };
}
