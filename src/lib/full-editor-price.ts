/**
 * A full editor's price: x1.5 on services when the editor has no open slot. Part of the price table
 * (catalogue.ts re-exports it), kept apart so the editor cards can label it without shipping the
 * whole catalogue to every page that lists editors.
 */
export const FULL_EDITOR_PRICE_NUMERATOR = 3;
export const FULL_EDITOR_PRICE_DENOMINATOR = 2;

/** How a full editor's price is written for people: "1.5x". */
export const FULL_EDITOR_PRICE_LABEL = `${FULL_EDITOR_PRICE_NUMERATOR / FULL_EDITOR_PRICE_DENOMINATOR}x`;
