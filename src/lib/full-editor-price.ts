/**
 * A full editor's price: x1.5 on services when the editor has no open slot. Part of the price table
 * (catalogue.ts re-exports it), kept apart so the editor cards can label it without shipping the
 * whole catalogue to every page that lists editors.
 */
export const FULL_EDITOR_PRICE_NUMERATOR = 3;
export const FULL_EDITOR_PRICE_DENOMINATOR = 2;
