// The first Intl formatter a process builds costs about 10 ms (its locale data loads): a function's
// cold start paid it on import. Whole numbers are grouped by hand; a fraction builds the formatter once.
let fractions: Intl.NumberFormat | undefined;

/** Digits grouped by thousands as en-US writes them: 1234567 -> '1,234,567', -1000 -> '-1,000'. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count as people read it: 1234 -> '1,234'. */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) ? grouped(n) : (fractions ??= new Intl.NumberFormat('en-US')).format(n);

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** A small count in words, as a sentence says it: 7 -> 'seven'; past ten, in figures. */
export const numberWord = (n: number): string => WORDS[n] ?? formatCount(n);

/** A size at a glance: '900 bytes', '12 KB', '3.4 MB', '1.2 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
