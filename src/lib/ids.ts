/** A random UUID (crypto.randomUUID): the ids we make, and the ids a client makes for a request it may retry. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A project: its order's id and the unit of editing it is (`BCC-7KQ2XM-1`). */
export const PROJECT_ID = /^BCC-[A-Z0-9]{6}-[1-9][0-9]{0,2}$/;
