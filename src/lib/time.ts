/** Durations in milliseconds, for rules that count time (turnarounds, windows, periods). */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
