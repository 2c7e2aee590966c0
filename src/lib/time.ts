/** The business's own clock: consult availability, days off and a report's months are New York wall-clock times. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/** Durations in milliseconds, for rules that count time (turnarounds, windows, periods). */
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A stored instant's day as the pages and mails write it: 'Nov 29, 2026' ('November 29, 2026' with
 * `month: 'long'`), read in UTC, as the ledger and the invitations keep their times.
 */
export const formatDay = (iso: string, month: 'short' | 'long' = 'short') =>
  new Date(iso).toLocaleDateString('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' });
