/**
 * The Today tab, the one /admin opens on: what needs a person now, each a count that links to the
 * list that shows it, and this month so far beside the same days of last month. The server counts
 * (server/today.ts); each link opens its tab with the same query its list asks the server, so the
 * count and what the list shows are the same thing. Without zod, so the admin island can use it.
 */
import { ACK_REMINDER_HOURS, HELP_STATE } from '#features/projects/process';

/** Days a checkout that ran out unpaid counts as abandoned on Today. */
export const ABANDONED_DAYS = 7;

export const TODAY_ITEMS = [
  { id: 'inquiries', words: 'New inquiries', tab: 'inquiries', query: { status: 'open' } },
  {
    id: 'unacknowledged',
    words: `Drafts not acknowledged within ${ACK_REMINDER_HOURS} hours`,
    tab: 'projects',
    query: { unacknowledged: 'true' },
  },
  { id: 'late', words: 'Late rounds', tab: 'projects', query: { late: 'true' } },
  { id: 'help', words: 'Requests for help', tab: 'projects', query: { state: HELP_STATE } },
  { id: 'failedRefunds', words: 'Orders with a failed refund', tab: 'orders', query: { needs: 'true' } },
  { id: 'declined', words: 'Payments declined', tab: 'orders', query: { state: 'declined' } },
  {
    id: 'abandoned',
    words: `Checkouts abandoned in the last ${ABANDONED_DAYS} days`,
    tab: 'orders',
    query: { state: 'expired' },
  },
  { id: 'heldReviews', words: 'Reviews held for you', tab: 'reviews', query: { held: 'true' } },
  { id: 'applications', words: 'Applications waiting', tab: 'applications', query: { stage: 'new' } },
  { id: 'notices', words: 'Notices not marked seen', tab: 'orders', query: {} },
] as const satisfies readonly { id: string; words: string; tab: string; query: Record<string, string> }[];

type TodayItemId = (typeof TODAY_ITEMS)[number]['id'];

/** The link of an item: /admin with its tab and its list's filter. */
export function todayHref(item: (typeof TODAY_ITEMS)[number]): string {
  const params = new URLSearchParams({ tab: item.tab, ...item.query });
  return `/admin?${params}`;
}

/** What Today compares: money in cents, the rest counts. */
export interface TodayFigures {
  revenueCents: number;
  refundsCents: number;
  orders: number;
  projectsFinished: number;
}

export const TODAY_FIGURES = [
  { id: 'revenueCents', words: 'Revenue', money: true },
  { id: 'refundsCents', words: 'Refunds', money: true },
  { id: 'orders', words: 'Orders', money: false },
  { id: 'projectsFinished', words: 'Projects finished', money: false },
] as const satisfies readonly { id: keyof TodayFigures; words: string; money: boolean }[];

/** GET /api/admin/today. */
export interface TodayReport {
  counts: Record<TodayItemId, number>;
  /** This month so far and the same days of last month, days of the business time zone. */
  thisMonth: { from: string; to: string; figures: TodayFigures };
  lastMonth: { from: string; to: string; figures: TodayFigures };
  timeZone: string;
}
