/**
 * The filters of the admin's order list, applied by the server: GET /api/admin/orders takes
 * `?state=`, `?editor=`, `?needs=true`, `?from=&to=` (the days it was paid on) and `?q=` (a search)
 * beside the page parameters.
 */
import { ORDER_LIST_STATES, type OrderListState } from '#features/orders/order';
import { pageSearch } from '#lib/paged-list';
import { searchParam } from './url-filter';

export interface OrderFilter {
  /** '' for every state. */
  state: OrderListState | '';
  /** '' for every editor. */
  editorId: string;
  needsYou: boolean;
  /** Days of the business time zone, both included; '' while not chosen. */
  paidFrom: string;
  paidTo: string;
  /** A name, an address or an order id to search for; '' for none. */
  q: string;
}

export const NO_ORDER_FILTER: OrderFilter = {
  state: '',
  editorId: '',
  needsYou: false,
  paidFrom: '',
  paidTo: '',
  q: '',
};

/** The filter a link names (`?state=&editor=&needs=true`); an editor is checked by the server. */
export const orderFilterFromSearch = (search: string): OrderFilter => ({
  ...NO_ORDER_FILTER,
  state: searchParam(search, 'state', ORDER_LIST_STATES),
  editorId: new URLSearchParams(search).get('editor') ?? '',
  needsYou: searchParam(search, 'needs', ['true']) === 'true',
  q: new URLSearchParams(search).get('q')?.trim() ?? '',
});

/** A paid period counts once both its days are chosen, in order. */
const hasPaidPeriod = (filter: OrderFilter) =>
  filter.paidFrom !== '' && filter.paidTo !== '' && filter.paidFrom <= filter.paidTo;

export const isFiltered = (filter: OrderFilter) =>
  filter.state !== '' ||
  filter.editorId !== '' ||
  filter.needsYou ||
  filter.paidFrom !== '' ||
  filter.paidTo !== '' ||
  filter.q !== '';

/** The query string of one page: the page parameters, then only the filters that are set. */
export function ordersSearch(filter: OrderFilter, cursor: string | null): string {
  const params = new URLSearchParams(pageSearch(cursor));
  if (filter.state) params.set('state', filter.state);
  if (filter.editorId) params.set('editor', filter.editorId);
  if (filter.needsYou) params.set('needs', 'true');
  if (filter.q) params.set('q', filter.q);
  if (hasPaidPeriod(filter)) {
    params.set('from', filter.paidFrom);
    params.set('to', filter.paidTo);
  }
  return `?${params}`;
}
