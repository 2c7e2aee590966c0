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
