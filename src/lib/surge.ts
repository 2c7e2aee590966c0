/**
 * Surge: x1.5 on services when the editor has no open slot. Part of the price table
 * (catalogue.ts re-exports it), kept apart so the editor cards can label the surge without
 * shipping the whole catalogue to every page that lists editors.
 */
export const SURGE_NUMERATOR = 3;
export const SURGE_DENOMINATOR = 2;
