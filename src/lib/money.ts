import { formatCount } from './numbers';

/** Formats integer cents as US dollars: 30000 -> "$300", 11250 -> "$112.50". */
export function formatUsd(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  const whole = `$${formatCount(dollars)}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Always to the cent, '$100.00' (a loss '-$150.00'): refunds are money people check to the cent. */
export function formatUsdCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a plain decimal for spreadsheets, no symbol or separators: 123450 -> "1234.50", -5 -> "-0.05". */
export function centsAsDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
