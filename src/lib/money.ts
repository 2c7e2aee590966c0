// Built once: toLocaleString builds a formatter on every call.
const wholeDollars = new Intl.NumberFormat('en-US');

/** Formats integer cents as US dollars: 30000 -> "$300", 11250 -> "$112.50". */
export function formatUsd(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  const whole = `$${wholeDollars.format(dollars)}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}
