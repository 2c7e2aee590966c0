/** A random UUID (crypto.randomUUID): the ids we make, and the ids a client makes for a request it may retry. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
