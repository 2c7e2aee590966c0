import { useCallback, useState } from 'react';
import { readStored, removeStored, writeStored } from '#client/web-storage';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * A text field's value kept in sessionStorage under `key` until `clear()`: what a family or an
 * editor typed survives an error, a project that changed meanwhile (the form may close and open
 * again) and a reload. Only for what is typed into project forms, which render after the data loads.
 */
export function useKeptText(key: string, initial = '') {
  const storageKey = `bcc:kept:${key}`;
  const [value, setValue] = useState(() => readStored('session', storageKey, isText) ?? initial);
  const set = useCallback(
    (next: string) => {
      setValue(next);
      writeStored('session', storageKey, next);
    },
    [storageKey],
  );
  const clear = useCallback(() => {
    setValue(initial);
    removeStored('session', storageKey);
  }, [storageKey, initial]);
  return [value, set, clear] as const;
}
