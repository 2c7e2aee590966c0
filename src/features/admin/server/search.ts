/**
 * The admin's search across the seven lists (docs/decisions/041-admin-search-and-reports.md). Every
 * list is found through its word keys: each record with a word starting with each word of the query,
 * however old (decisions 073 and 076); projects by their id or through their orders. The records the
 * keys name are read and compared with the query as it was typed. Two lists are read at a time.
 */
import { formatConsult, localDate } from '#features/consults/consult-format';
import { BUSINESS_TIME_ZONE } from '#features/consults/consult-rules';
import { projectStateLabel } from '#features/projects/process';
import { formatUsd } from '#lib/money';
import { orderSearchFields, orderStateLabel, type Order } from '#features/orders/order';
import { projectSearchFields } from '#features/projects/project';
import { queryWords } from '#lib/search-words';
import { PROJECT_ID } from '#lib/ids';
import { projectsOfOrder } from '#features/projects/server/creation';
import {
  SEARCH_KINDS,
  SEARCH_LIMITS,
  matchesAny,
  searchNeedle,
  type SearchAnswer,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '../search';
import { forEachWhile, untilDone } from '#server/backup/pool';
import { consultsRepo } from '#features/consults/server/consults.repo';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { inquiriesRepo } from '#features/contact/server/inquiries.repo';
import { outboxWithWords } from '#server/core/mail';
import { ordersRepo } from '#features/orders/server/orders.repo';
import type { DeployInfo } from '#server/storage/stores';
import type { WordLimit } from '#server/storage/kept-keys';
import { subscribersRepo } from '#features/contact/server/subscribers.repo';
import { waitlistRepo } from '#features/waitlist/server/waitlist.repo';

const day = (iso: string) => localDate(iso, BUSINESS_TIME_ZONE);

/** One list as the search reads it: the records with the query's words, and how one reads as a match. */
interface Source<T> {
  find: (words: string[], limit: WordLimit) => Promise<T[]>;
  fields: (record: T) => (string | null | undefined)[];
  hit: (record: T) => Omit<SearchHit, 'kind'>;
}

const source = <T>(s: Source<T>) => s as Source<unknown>;

function sources(info?: DeployInfo): Record<SearchKind, Source<unknown>> {
  // The orders and the projects (found through their orders) read the same matches: once per search.
  let ordersFound: Promise<{ orders: Order[]; more: boolean }> | undefined;
  const ordersWith = async (words: string[], limit: WordLimit) => {
    ordersFound ??= (async () => {
      const own: WordLimit = { ...limit, more: false };
      return { orders: await ordersRepo(info).withWords(words, own), more: own.more };
    })();
    const { orders, more } = await ordersFound;
    if (more) limit.more = true;
    return orders;
  };
  return {
    orders: source({
      find: ordersWith,
      fields: orderSearchFields,
      hit: (o) => ({
        id: o.id,
        title: `${o.id} · ${o.student.parentName}`,
        detail: `${orderStateLabel(o)} · ${formatUsd(o.totalCents)} · ${o.customer.email} · for ${o.student.studentName} · placed ${day(o.createdAt)}`,
        anchor: `order-${o.id}`,
      }),
    }),
    projects: source({
      // A project is found by its id, or through its order: the family's names and addresses are the order's.
      find: async (words, limit) => {
        const asked = words.find((word) => PROJECT_ID.test(word.toUpperCase()));
        if (asked) return projectsRepo(info).getMany([asked.toUpperCase()]);
        const orders = await ordersWith(words, limit);
        return projectsRepo(info).getMany(orders.flatMap((order) => projectsOfOrder(order).map((p) => p.id)));
      },
      fields: projectSearchFields,
      hit: (p) => ({
        id: p.id,
        title: `${p.id} · ${p.service.title}`,
        detail: `${projectStateLabel[p.state]} · ${p.student.name} (parent ${p.student.parentName}) · with ${p.editor.name}`,
        anchor: `project-${p.id}`,
      }),
    }),
    inquiries: source({
      find: (words, limit) => inquiriesRepo(info).withWords(words, limit),
      fields: ({ value }) => [value.parentName, value.email, value.studentInfo],
      hit: ({ key, value }) => ({
        id: key,
        title: `${value.parentName} · ${value.email}`,
        detail: `Received ${day(value.receivedAt)} · ${value.handled ? 'Handled' : 'Open'}`,
        anchor: `inquiry-${key}`,
      }),
    }),
    consults: source({
      find: (words, limit) => consultsRepo(info).withWords(words, limit),
      fields: (b) => [b.name, b.email],
      hit: (b) => ({
        id: b.id,
        title: `${b.name} · ${b.email}`,
        detail: `${formatConsult(b.start, b.end, BUSINESS_TIME_ZONE)} · ${b.status === 'cancelled' ? 'Cancelled' : 'Booked'}`,
        anchor: `consult-${b.id}`,
      }),
    }),
    subscribers: source({
      find: (words, limit) => subscribersRepo(info).withWords(words, limit),
      fields: (s) => [s.email],
      hit: (s) => ({
        id: s.email,
        title: s.email,
        detail: `${s.enabled ? 'Active' : 'Inactive'} · subscribed ${day(s.subscribedAt)}`,
        anchor: null,
      }),
    }),
    waitlist: source({
      find: (words, limit) => waitlistRepo(info).withWords(words, limit),
      fields: (w) => [w.email],
      hit: (w) => ({
        id: `${w.editorId}/${w.email}`,
        title: w.email,
        detail: `Waiting for ${w.editorName} since ${day(w.at)}`,
        anchor: `waitlist-${w.editorId}`,
      }),
    }),
    outbox: source({
      find: (words, limit) => outboxWithWords(words, info, limit),
      fields: ({ value }) => [...[value.to].flat(), value.subject],
      hit: ({ key, value }) => ({
        id: key,
        title: value.subject,
        detail: `To ${[value.to].flat().join(', ')} · queued ${day(value.queuedAt)}`,
        anchor: `mail-${key}`,
      }),
    }),
  };
}

/** Lists read at once: each reads 32 records at a time. */
const LISTS_AT_ONCE = 2;
/**
 * What one list's part of a search reads, at most: the first 1,000 keys of each word of the query (one
 * listing request each) and 100 records. A name most families share is narrowed by another word.
 */
export const SEARCH_READS = { keys: 1000, records: 100 };

/** The matches of `q` in every list, grouped by kind in the order of SEARCH_KINDS. */
export async function search(
  q: string,
  info?: DeployInfo,
  limits: { perKind: number; keys?: number; records?: number } = SEARCH_LIMITS,
): Promise<SearchAnswer> {
  const needle = searchNeedle(q);
  const words = queryWords(q);
  const all = sources(info);
  const groups = new Map<SearchKind, SearchGroup>();
  await forEachWhile(SEARCH_KINDS, { concurrency: LISTS_AT_ONCE, goOn: untilDone }, async (kind) => {
    const list = all[kind];
    const limit: WordLimit = { ...SEARCH_READS, ...limits, more: false };
    // The word keys find words by their start; the needle then matches as it always has.
    const matched = (await list.find(words, limit)).filter((record) => matchesAny(needle, list.fields(record)));
    groups.set(kind, {
      kind,
      hits: matched.slice(0, limits.perKind).map((record) => ({ kind, ...list.hit(record) })),
      matches: matched.length,
      ...(limit.more && { more: true }),
    });
  });
  return { q, groups: SEARCH_KINDS.map((kind) => groups.get(kind)!) };
}
