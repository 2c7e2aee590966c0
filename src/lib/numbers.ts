// Built once: toLocaleString builds a formatter (and may load the locale's data) on every call.
const wholeNumbers = new Intl.NumberFormat('en-US');

/** A count as people read it: 1234 -> '1,234'. */
export const formatCount = (n: number): string => wholeNumbers.format(n);
