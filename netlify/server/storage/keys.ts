/**
 * What a blob key may be. The Blobs client puts a key into a URL path by plain concatenation and the
 * URL parser then resolves `.` and `..` segments (`%2e` counts as a dot), so a key like
 * `../site:files/<id>` would name a blob of another store. Keys are checked here, where every store
 * operation passes, whatever a caller forgot to check.
 */
import { InvalidKeyError } from './error';

// eslint-disable-next-line no-control-regex -- control characters are among what a key may not hold
const FORBIDDEN = /[?#\\\u0000-\u001f\u007f]/;
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;
export const MAX_KEY_BYTES = 600;

/** A key (or, with `prefix`, a listing prefix that may end in '/') no request can turn into another store's. */
export function checkKey(key: string, { prefix = false } = {}): string {
  const segments = key.split('/');
  if (prefix && segments.length > 1 && segments.at(-1) === '') segments.pop();
  const bad =
    (!prefix && key === '') ||
    key.startsWith('/') ||
    FORBIDDEN.test(key) ||
    new TextEncoder().encode(key).length > MAX_KEY_BYTES ||
    (key !== '' && segments.some((segment) => segment === '' || DOT_SEGMENT.test(segment)));
  if (bad) throw new InvalidKeyError();
  return key;
}
