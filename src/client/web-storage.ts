/**
 * JSON in the browser's storage, tolerant of private modes, full or disabled storage and of data a
 * previous version wrote. `local` outlives the tab and the browser (the hand-over to /checkout);
 * `session` stays with the tab (what was typed into the checkout form: personal details are not kept
 * on a shared computer once the tab is closed).
 */
export type StorageKind = 'local' | 'session';

const storageOf = (kind: StorageKind): Storage | null => {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null; // no storage at all, or access refused
  }
};

export function readStored<T>(kind: StorageKind, key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = storageOf(kind)?.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(kind: StorageKind, key: string, value: unknown) {
  try {
    storageOf(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the page still works, it just forgets on reload */
  }
}

export function removeStored(kind: StorageKind, key: string) {
  try {
    storageOf(kind)?.removeItem(key);
  } catch {
    /* see writeStored */
  }
}
