/**
 * Records stored before one of their fields was renamed read under today's name: a repository opens
 * its store through `upgradingStore`, so every get, list, page and compare-and-set sees one shape,
 * and the next write of a record stores the new name only. Backups keep the bytes as stored, so a
 * restored record is read the same way. The old names appear here and nowhere else in the code
 * (docs/decisions/044-one-word-for-a-full-editor.md).
 */
import type { Store } from './store';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record with `from` stored as `to`; a record that has `to` already keeps it and drops `from`. */
function rename(record: Fields, from: string, to: string): Fields {
  if (!(from in record)) return record;
  const { [from]: old, ...rest } = record;
  return to in rest ? rest : { ...rest, [to]: old };
}

/** Whether the order's editor was full when it was bought: stored as `editor.overbooked` before `editor.full`. */
export function upgradeOrder(value: unknown): unknown {
  if (!isFields(value) || !isFields(value.editor)) return value;
  const editor = rename(value.editor, 'overbooked', 'full');
  return editor === value.editor ? value : { ...value, editor };
}

/** A project bought while its editor was full: stored as `overflow` before `boughtWhileFull`. */
export const upgradeProject = (value: unknown): unknown =>
  isFields(value) ? rename(value, 'overflow', 'boughtWhileFull') : value;

/** `store`, with every JSON read passed through `upgrade`; text, bytes and writes go through as they are. */
export function upgradingStore(store: Store, upgrade: (value: unknown) => unknown): Store {
  return {
    ...store,
    get: (async (key: string, options: { type: 'json' | 'text' | 'arrayBuffer' }) => {
      const value: unknown = await store.get(key, options as { type: 'json' });
      return options.type === 'json' && value !== null ? upgrade(value) : value;
    }) as Store['get'],
    getWithMetadata: (async (key: string, options?: { type: 'json' | 'arrayBuffer' }) => {
      const found = await store.getWithMetadata(key, options as { type: 'arrayBuffer' });
      return found && options?.type !== 'arrayBuffer' ? { ...found, data: upgrade(found.data) } : found;
    }) as Store['getWithMetadata'],
  };
}
