// Built once: toLocaleString builds a formatter (and may load the locale's data) on every call.
const wholeNumbers = new Intl.NumberFormat('en-US');

/** A count as people read it: 1234 -> '1,234'. */
export const formatCount = (n: number): string => wholeNumbers.format(n);

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** A small count in words, as a sentence says it: 7 -> 'seven'; past ten, in figures. */
export const numberWord = (n: number): string => WORDS[n] ?? formatCount(n);
