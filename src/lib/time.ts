/** The business's own clock: consult availability, days off and a report's months are New York wall-clock times. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/** Durations in milliseconds, for rules that count time (turnarounds, windows, periods). */
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
