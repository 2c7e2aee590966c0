/**
 * Orders: one blob per order, keyed by its id ('BCC-' + 6 characters), plus empty index blobs: `by-customer/<uid>/<id>` so a customer's orders can be listed without
 * reading everyone's, `by-created/<createdAt>-<id>`, which claims a new order's id, `by-day/<UTC day>/<id>` for each day money moved
 * for the order, so the accounts of a period read that period's orders, `words/<word>/<id>` for
 * each word the owner's search finds it by, and for the owner's filters
 * `by-state/<state>/<YYYY-MM>/<createdAt>-<id>` and `by-editor/<editor>/<state>/<YYYY-MM>/<createdAt>-<id>`
 * (month folders: the owner's list, all states or some, reads its newest months, storage/paging.ts),
 * `needs-you/<createdAt>-<id>`, `by-paid/<paidAt>-<id>`, and for a paid period beside a state or an
 * editor `by-paid-state/<state>/<paidAt>-<id>` and `by-editor-paid/<editor>/<paidAt>-<id>` (storage/kept-keys.ts).
 * A change to a settled day's money leaves a mark under `changed/`, and one to its rows in the
 * accountant's files under `rows-changed/`: what the owner's reports keep of that day is made again.
 * Status moves pending -> paid (or failed/expired) exactly once, by compare-and-set on the etag.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  ORDER_LIST_STATES,
  moneyEvents,
  needsOwner,
  orderListState,
  orderMoneyTimes,
  orderSearchFields,
  paidAtOf,
  type Order,
  type OrderListState,
  type OrderStatus,
} from '../order';
import { isEditorId } from '#features/editors/server/editors.repo';
import type { Page, PageQuery } from '#lib/paging';
import { listKeys, monthFolderKey, newestPage, pageOfKeys, readRecords } from '#server/storage/paging';
import { upgradeOrder, upgradingStore } from '#server/storage/renamed-fields';
import { getJSONWithEtag, openStore, StorageError, type DeployInfo } from '#server/storage/stores';
import {
  changeMarks,
  dayKeys,
  recordsOfDays,
  idsWithWords,
  keysComplete,
  marksOfDays,
  monthPrefixes,
  rebuildKeys,
  within,
  wordKeys,
  writeWithKeys,
  type WordLimit,
} from '#server/storage/kept-keys';
import { searchWords } from '#lib/search-words';
import { orderExportRows } from './export-rows';

export type { Order, OrderStatus };

/** Unambiguous characters: no 0/O or 1/I, so an id read over the phone is read right. */
const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `BCC-${Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

const ORDER_ID = /^BCC-[A-Z0-9]{6}$/;
const customerIndexKey = (uid: string, orderId: string) => `by-customer/${uid}/${orderId}`;
const CREATED = 'by-created/';
const PAYMENT_INDEX = 'by-payment/';
const createdIndexKey = (order: Pick<Order, 'id' | 'createdAt'>) => `${CREATED}${order.createdAt}-${order.id}`;
const DAYS = 'by-day';
const STATE = 'by-state';
const EDITOR = 'by-editor';
const NEEDS = 'needs-you';
const PAID = 'by-paid';
const PAID_STATE = 'by-paid-state';
const EDITOR_PAID = 'by-editor-paid';
/** `<createdAt>-<id>`: the last part of a filter's key, newest last in key order. */
const createdOf = (order: Pick<Order, 'id' | 'createdAt'>) => `${order.createdAt}-${order.id}`;
/** The keys an order's record decides, kept in step by every write: its days of money, its words, its filters. */
const keptKeys = (order: Order) => [
  ...dayKeys(DAYS, order.id, orderMoneyTimes(order)),
  ...wordKeys(order.id, searchWords(orderSearchFields(order))),
  monthFolderKey(`${STATE}/${orderListState(order)}`, createdOf(order)),
  ...(isEditorId(order.editor.id)
    ? [monthFolderKey(`${EDITOR}/${order.editor.id}/${orderListState(order)}`, createdOf(order))]
    : []),
  ...(needsOwner(order) ? [`${NEEDS}/${createdOf(order)}`] : []),
  ...[paidAtOf(order) ?? []]
    .flat()
    .flatMap((at) => [
      `${PAID}/${at}-${order.id}`,
      `${PAID_STATE}/${orderListState(order)}/${at}-${order.id}`,
      ...(isEditorId(order.editor.id) ? [`${EDITOR_PAID}/${order.editor.id}/${at}-${order.id}`] : []),
    ]),
];
const ROWS_CHANGED = 'rows-changed';
/** An order's rows in the accountant's files, each on its instant: a settled day whose rows change is marked. */
const rowEvents = (order: Order) =>
  Object.entries(orderExportRows(order)).flatMap(([kind, rows]) =>
    rows.map(({ at, row }) => ({ at, detail: [kind, ...row] })),
  );
/**
 * Written once every order has its kept keys (orders stored before them get them on the first read);
 * named anew when a kind of key is added, so the first read builds those too.
 */
const KEPT_COMPLETE = 'kept-v4-complete';

/** What the owner's list of orders is filtered by; `paid`: paid from (included) to (excluded). */
export interface OrderFilter {
  state?: OrderListState;
  editorId?: string;
  needsYou?: boolean;
  paid?: { from: Date; to: Date };
}

/** Whether `order` passes `filter`: what every page of the owner's list checks its orders against. */
export function orderMatches(order: Order, { state, editorId, needsYou, paid }: OrderFilter): boolean {
  const paidAt = paidAtOf(order);
  return (
    (!state || orderListState(order) === state) &&
    (!editorId || order.editor.id === editorId) &&
    (!needsYou || needsOwner(order)) &&
    (!paid || (paidAt !== null && within(paidAt, paid.from, paid.to)))
  );
}

export function ordersRepo(info?: DeployInfo) {
  const store = upgradingStore(openStore('orders', info), upgradeOrder);
  /** Compare-and-set of `before` (read with `etag`) to `after`, the day keys in step. */
  const replace = (before: Order, after: Order, etag: string) =>
    writeWithKeys(
      store,
      keptKeys(before),
      keptKeys(after),
      () => store.setJSON(after.id, after, { onlyIfMatch: etag }),
      [
        ...changeMarks(moneyEvents(before), moneyEvents(after), new Date()),
        ...changeMarks(rowEvents(before), rowEvents(after), new Date(), ROWS_CHANGED),
      ],
    );
  const rebuildKept = (removeStray = false) =>
    rebuildKeys<Order>(store, {
      roots: [DAYS, 'words', STATE, EDITOR, NEEDS, PAID, PAID_STATE, EDITOR_PAID],
      marker: KEPT_COMPLETE,
      isRecord: (key) => ORDER_ID.test(key),
      keysOf: keptKeys,
      removeStray,
    });

  return {
    /**
     * Stores a new pending order under a fresh id (retrying the rare collision), in an order of writes
     * that leaves nothing half made where anyone looks: the `by-created/` key claims the id (a claim
     * without an order names nothing anyone reads), `prepare` runs (the order's expiry timer: a timer
     * for an order not stored finds nothing to do), then the order itself. The customer sees it only
     * once `publish` lists it as theirs.
     */
    async create(
      draft: Omit<Order, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
      now = new Date(),
      prepare: (order: Order) => Promise<void> = async () => {},
    ): Promise<Order> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const at = now.toISOString();
        const order: Order = { ...draft, id: newOrderId(), status: 'pending', createdAt: at, updatedAt: at };
        if (!(await store.set(createdIndexKey(order), '', { onlyIfNew: true }))) continue;
        await prepare(order);
        const stored = await writeWithKeys(store, [], keptKeys(order), () =>
          store.setJSON(order.id, order, { onlyIfNew: true }),
        );
        if (!stored) {
          await store.delete(createdIndexKey(order)); // the id belongs to an older order
          continue;
        }
        return order;
      }
      throw new StorageError('Could not find a free order id');
    },

    /** Lists the order among its customer's ("Your Orders"): the last step of placing it. */
    async publish(order: Pick<Order, 'id' | 'customer'>): Promise<void> {
      await store.set(customerIndexKey(order.customer.uid, order.id), '');
    },

    async get(id: string): Promise<Order | null> {
      if (!ORDER_ID.test(id)) return null;
      return (await store.get(id, { type: 'json' })) as Order | null;
    },

    /** A customer's orders, newest first. */
    async listForCustomer(uid: string): Promise<Order[]> {
      const { blobs } = await store.list({ prefix: `by-customer/${uid}/` });
      const orders = await Promise.all(blobs.map((b) => this.get(b.key.split('/').pop()!)));
      return orders.filter((o): o is Order => o !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    /** One page of all orders, newest first: every state's newest months. */
    page(query: PageQuery): Promise<Page<Order>> {
      return this.pageFiltered(query, {});
    },

    /**
     * One page of the orders `filter` matches, newest first. A filter one key prefix names (a state, an
     * editor, both, or 'needs you' alone) reads a page of its keys; a paid period alone, a page of the
     * period's payment keys (newest paid first); a paid period with more, the period's orders. Every
     * order read is checked against the filter: a key is a hint.
     */
    async pageFiltered(query: PageQuery, filter: OrderFilter): Promise<Page<Order>> {
      // An id no editor could have names nobody, and never becomes part of a key.
      if (filter.editorId !== undefined && !isEditorId(filter.editorId))
        return { items: [], nextCursor: null, total: 0 };
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const { state, editorId, needsYou, paid } = filter;
      const keep = (order: Order) => orderMatches(order, filter);
      const idOf = (created: string) => created.slice(-'BCC-XXXXXX'.length);
      const readPage = async (keys: string[]) => {
        const page = pageOfKeys(keys.sort().reverse(), query, 'desc');
        const records = await readRecords<Order>(store, page.items.map(idOf));
        return { ...page, items: records.map((r) => r.value).filter(keep) };
      };
      if (paid) {
        // `<paidAt>-<id>` of the period under `root`: one listing per month of it.
        const inPeriod = async (root: string) => {
          const last = new Date(paid.to.getTime() - 1);
          const listed = await Promise.all(
            monthPrefixes(root, paid.from, last).map((prefix) => listKeys(store, { prefix })),
          );
          return listed
            .flat()
            .map((key) => key.slice(root.length + 1))
            .filter((paidKey) => within(paidKey.slice(0, -'-BCC-XXXXXX'.length), paid.from, paid.to));
        };
        // Each filter's own list, intersected: the period's orders in a state, of an editor, needing the owner.
        const lists = await Promise.all([
          inPeriod(state ? `${PAID_STATE}/${state}` : editorId ? `${EDITOR_PAID}/${editorId}` : PAID),
          ...(state && editorId ? [inPeriod(`${EDITOR_PAID}/${editorId}`)] : []),
          ...(needsYou ? [listKeys(store, { prefix: `${NEEDS}/` })] : []),
        ]);
        const ids = lists.slice(1).map((list) => new Set(list.map(idOf)));
        return readPage(lists[0].filter((key) => ids.every((set) => set.has(idOf(key)))));
      }
      if (!needsYou) {
        // A state's (or an editor's in a state) month folders; without a state, every state's.
        const roots = (state ? [state] : ORDER_LIST_STATES).map((listed) =>
          editorId ? `${EDITOR}/${editorId}/${listed}` : `${STATE}/${listed}`,
        );
        const page = await newestPage(store, roots, query);
        // A key a cut write left names the order at another time: the order shows once, under its own.
        const records = await readRecords<Order>(store, [...new Set(page.items.map(idOf))]);
        const listed = new Set(page.items);
        const orders = records.map((r) => r.value).filter((o) => listed.has(createdOf(o)) && keep(o));
        const items = orders.sort((a, b) => createdOf(b).localeCompare(createdOf(a)));
        // A page that read the whole list counts what it shows.
        return { ...page, items, total: page.total === null ? null : items.length };
      }
      if (!state && !editorId) return readPage((await listKeys(store, { prefix: `${NEEDS}/` })).map(idOf));
      // What needs the owner is few: read them all and keep the state's or editor's.
      const candidates = await readRecords<Order>(store, (await listKeys(store, { prefix: `${NEEDS}/` })).map(idOf));
      const matching = new Map(
        candidates
          .map((r) => r.value)
          .filter(keep)
          .map((order) => [createdOf(order), order]),
      );
      const page = pageOfKeys([...matching.keys()].sort().reverse(), query, 'desc');
      return { ...page, items: page.items.map((key) => matching.get(key)!) };
    },

    /** The orders in `state` created from `since` on: the state's folders of those months, then their records. */
    async createdSince(state: OrderListState, since: Date, now = new Date()): Promise<Order[]> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const root = `${STATE}/${state}`;
      // A month's folder is `<root>/<YYYY-MM>/`: the months' prefixes with their '-' made a '/'.
      const folders = monthPrefixes(root, since, now).map((prefix) => `${prefix.slice(0, -1)}/`);
      const keys = (await Promise.all(folders.map((prefix) => listKeys(store, { prefix })))).flat();
      const from = since.toISOString();
      const ids = keys.map((key) => key.slice(key.lastIndexOf('/') + 1)).filter((created) => created >= from);
      const records = await readRecords<Order>(
        store,
        ids.map((created) => created.slice(-'BCC-XXXXXX'.length)),
      );
      return records.map((r) => r.value).filter((order) => orderListState(order) === state && order.createdAt >= from);
    },

    /**
     * The orders money moved for from `from` (included) to `to` (excluded): a paid order, a refund or
     * an extra payment. Reads the orders of those days only.
     */
    async withMoneyBetween(from: Date, to: Date): Promise<Order[]> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const records = await recordsOfDays<Order>(store, DAYS, from, to);
      return records.map((r) => r.value).filter((order) => orderMoneyTimes(order).some((at) => within(at, from, to)));
    },

    /** The changes marked on settled days (of the UTC days from `from` to `to`): their figures are counted again. */
    changesBetween: (from: Date, to: Date) => marksOfDays(store, from, to),
    /** The changes marked on settled days' rows in the accountant's files: their kept rows are made again. */
    rowChangesBetween: (from: Date, to: Date) => marksOfDays(store, from, to, ROWS_CHANGED),

    /** The orders with a word starting with each of `words` (searchWords), however old. */
    async withWords(words: readonly string[], limit?: WordLimit): Promise<Order[]> {
      await keysComplete(store, KEPT_COMPLETE, () => rebuildKept());
      const records = await readRecords<Order>(store, await idsWithWords(store, words, 'words', limit));
      return records.map((r) => r.value);
    },

    /** Makes the kept keys agree with the orders (`removeStray`: with nothing writing meanwhile). */
    rebuildKept,

    /**
     * Changes an order by compare-and-set: `change` gets the current order and answers the new one, or
     * null to leave it as it is. Answers what is stored afterwards (null for an unknown order).
     */
    async change(id: string, change: (order: Order) => Order | null): Promise<Order | null> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const current = await getJSONWithEtag<Order>(store, id);
        if (!current) return null;
        const next = change(current.value);
        if (!next) return current.value;
        if (await replace(current.value, next, current.etag)) return next;
      }
      throw new StorageError(`Order ${id} kept changing`);
    },

    /** Remembers which order a provider's payment belongs to: refund events name only the payment. */
    async indexPayment(paymentIntent: string, orderId: string): Promise<void> {
      await store.set(`${PAYMENT_INDEX}${paymentIntent}`, orderId);
    },
    async byPayment(paymentIntent: string): Promise<Order | null> {
      const id = await store.get(`${PAYMENT_INDEX}${paymentIntent}`, { type: 'text' });
      return id ? this.get(id) : null;
    },

    /**
     * Marks a pending order's payment declined, keeping when it was first declined and the latest
     * reason. Answers the order as marked, or null if it is not awaiting payment.
     */
    async markDeclined(id: string, decline: NonNullable<Order['declined']>) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<Order>(store, id);
        if (!current || current.value.status !== 'pending') return null;
        const declined = { at: current.value.declined?.at ?? decline.at, reason: decline.reason };
        if (isDeepStrictEqual(current.value.declined, declined)) return current.value;
        const next: Order = { ...current.value, declined, updatedAt: decline.at };
        if (await replace(current.value, next, current.etag)) return next;
      }
      throw new StorageError(`Order ${id} kept changing while its decline was recorded`);
    },

    /**
     * Moves a pending order to `status` once. Answers the updated order if this call made the move,
     * null if the order was not pending (already moved, by this or a concurrent delivery).
     */
    async settle(
      id: string,
      status: Exclude<OrderStatus, 'pending'>,
      payment: Partial<Order['payment']> = {},
      now = new Date(),
      /** What the same move records besides (who hears of a paid order). */
      also: Pick<Order, 'editorNotice'> = {},
    ) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<Order>(store, id);
        if (!current || current.value.status !== 'pending') return null;
        const next: Order = {
          ...current.value,
          ...also,
          status,
          updatedAt: now.toISOString(),
          payment: { ...current.value.payment, ...payment },
        };
        if (await replace(current.value, next, current.etag)) return next;
      }
      throw new StorageError(`Order ${id} kept changing while being settled`);
    },
  };
}
