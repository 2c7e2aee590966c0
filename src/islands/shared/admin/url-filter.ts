/**
 * A list's first filter from the page's URL, as the Today tab's links name it (`/admin?tab=orders&state=declined`):
 * the same parameters the list sends the server. A value the list does not know is no filter.
 */
export function searchParam<T extends string>(search: string, name: string, allowed: readonly T[]): T | '' {
  const value = new URLSearchParams(search).get(name);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}
