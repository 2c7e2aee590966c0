/**
 * The admin's one search box: which lists it looks through, what a match is and how it reads. Without
 * zod, so the admin island can use it; reports.schema.ts holds the query's schema.
 */

export const SEARCH_KINDS = [
  'orders',
  'projects',
  'inquiries',
  'consults',
  'subscribers',
  'waitlist',
  'outbox',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Each kind's group heading and the admin tab that shows it (the tab ids of /admin). */
export const searchKindLabel: Record<SearchKind, string> = {
  orders: 'Orders',
  projects: 'Projects',
  inquiries: 'Inquiries',
  consults: 'Consults',
  subscribers: 'Email Subscribers',
  waitlist: 'Waitlist',
  outbox: 'Outbox',
};

export const SEARCH_LIMITS = {
  minLength: 2,
  maxLength: 100,
  /** Matches shown per kind; more are counted, not sent. */
  perKind: 10,
} as const;

/** One match: where it is, how it reads, and the element of its tab to bring into view. */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  detail: string;
  /** The id of the item's element on its tab, when the tab marks its items. */
  anchor: string | null;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
  /** Every match found, which may be more than `hits`. */
  matches: number;
  /** More records may match than were read: the query's words are common, and another word would narrow them. */
  more?: true;
}

export interface SearchAnswer {
  q: string;
  groups: SearchGroup[];
}

/** How a query is compared: trimmed, case-insensitive, inner spaces as one. */
export const searchNeedle = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether any of `fields` contains the needle (already from `searchNeedle`). */
export const matchesAny = (needle: string, fields: readonly (string | null | undefined)[]) =>
  fields.some((field) => typeof field === 'string' && field.replace(/\s+/g, ' ').toLowerCase().includes(needle));

export const searchMessages = {
  tooShort: `q: type at least ${SEARCH_LIMITS.minLength} characters`,
  tooLong: `q: at most ${SEARCH_LIMITS.maxLength} characters`,
  typeMore: `Type at least ${SEARCH_LIMITS.minLength} characters to search.`,
  noMatches: (q: string) => `No matches for “${q}”.`,
  failed: 'The search could not be finished. Please try again.',
  /** A search whose words are common: it answered what it could read. */
  narrow: 'More orders may match than these: type more of the name or address to narrow it down.',
} as const;
