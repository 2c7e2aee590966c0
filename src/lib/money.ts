import { formatCount } from './numbers';

// Built once: toLocaleString builds a formatter on every call, a cost each project view paid.
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats integer cents as US dollars: 30000 -> "$300", 11250 -> "$112.50". */
export function formatUsd(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  const whole = `$${formatCount(dollars)}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Always to the cent, '$100.00' (a loss '-$150.00'): refunds are money people check to the cent. */
export const formatUsdCents = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${dollarsAndCents.format(Math.abs(cents) / 100)}`;

/** Cents as a plain decimal for spreadsheets, no symbol or separators: 123450 -> "1234.50", -5 -> "-0.05". */
export function centsAsDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
