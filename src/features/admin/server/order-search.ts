/**
 * The Orders tab's search: the orders whose words start with the query's (the admin search's word
 * keys, however old the order), that contain the query in an id, an address or a name, and that pass
 * the tab's other filters; newest first, one page. It reads what the admin search reads for orders
 * (SEARCH_READS): a query of common words says that more may match, and another word narrows it.
 */
import { orderSearchFields, type Order } from '#features/orders/order';
import { orderMatches, ordersRepo, type OrderFilter } from '#features/orders/server/orders.repo';
import { queryWords } from '#lib/search-words';
import type { WordLimit } from '#server/storage/kept-keys';
import type { DeployInfo } from '#server/storage/stores';
import { matchesAny, searchNeedle } from '../search';
import { SEARCH_READS } from './search';

/** One page of matches: they come from the word keys whole, so there is no next page. */
const ORDER_SEARCH_PAGE = 50;

export async function searchOrders(
  q: string,
  filter: OrderFilter,
  info?: DeployInfo,
): Promise<{ items: Order[]; nextCursor: null; total: number; more?: true }> {
  const limit: WordLimit = { ...SEARCH_READS, more: false };
  const needle = searchNeedle(q);
  const matches = (await ordersRepo(info).withWords(queryWords(q), limit))
    .filter((order) => matchesAny(needle, orderSearchFields(order)) && orderMatches(order, filter))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    items: matches.slice(0, ORDER_SEARCH_PAGE),
    nextCursor: null,
    total: matches.length,
    ...(limit.more && { more: true }),
  };
}
