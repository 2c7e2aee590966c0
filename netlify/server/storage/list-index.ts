/**
 * The keys that find the records of the lists whose stores are read as a whole by their own pages
 * (inquiries, consults, subscribers, the waitlist, the outbox, the owner's notices), kept apart in the `indexes` store so
 * those pages list no more than before: `words/<list>/<word>/<id>` for each word a record is found by
 * (searchWords) and `by/<list>/<name>/<hash of the value>/<YYYY-MM>/<id>` for what a list is filtered by
 * (an address is kept out of the key, and the key short; a list filtered so has ids that start with
 * their time, and a month's folder holds them, so a filter's newest page reads its newest months).
 * They are written in
 * step with the record (kept-keys.ts: a cut leaves at most a key too many, which readers skip by
 * checking the record). `complete/<list>` says every record of the list has its keys; without it, the
 * first read builds them. The keys are neither journaled nor backed up: a restore forgets the marks
 * (`forgetCompleteness`), so the records it brings back get their keys again.
 */
import { createHash } from 'node:crypto';
import { searchWords } from '#lib/search-words';
import { idsWithWords, keysComplete, syncKeys, wordKeys, writeWithKeys, type WordLimit } from './kept-keys';
import type { Page, PageQuery } from '#lib/paging';
import { monthFolderKey, newestPage } from './paging';
import { openStore, type DeployInfo } from './stores';

const INDEXED_LISTS = ['inquiries', 'consults', 'subscribers', 'waitlist', 'outbox', 'attention'] as const;
export type IndexedList = (typeof INDEXED_LISTS)[number];

/** Every record of `list` has its keys; named anew when the keys change, so the next read builds them. */
const completeMark = (list: IndexedList) => `complete/${list}-3`;

/** After a restore: every list's keys are built again by its next read (or `npm run reindex`). */
export async function forgetCompleteness(info?: DeployInfo): Promise<void> {
  const store = openStore('indexes', info);
  await Promise.all(INDEXED_LISTS.map((list) => store.delete(completeMark(list))));
}

/** What decides a record's keys: its id (no '/'), the fields its words come from, what it is filtered by. */
export interface Indexed {
  id: string;
  fields: readonly (string | null | undefined)[];
  by?: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** A filter's value as its keys name it: an address as no key shows it, any value in 32 characters. */
const valueKey = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** The keys that find `record` of `list`. */
export const indexKeys = (list: IndexedList, record: Indexed): string[] => [
  ...wordKeys(record.id, searchWords(record.fields), `words/${list}`),
  ...Object.entries(record.by ?? {}).flatMap(([name, values]) =>
    [values ?? []]
      .flat()
      .filter(Boolean)
      .map((value) => monthFolderKey(`by/${list}/${name}/${valueKey(value)}`, record.id)),
  ),
];

export function listIndex(list: IndexedList, info?: DeployInfo) {
  const store = openStore('indexes', info);
  const words = `words/${list}`;
  const by = `by/${list}`;
  const marker = completeMark(list);
  const keysOf = (record: Indexed | null) => (record === null ? [] : indexKeys(list, record));
  /**
   * Each key names something of a person (a word, an address): one a record loses goes before it, but
   * for what the record is `about`. That key is how a retry finds the record to finish forgetting it,
   * so it goes once the record is written (it holds only a hash).
   */
  const goesFirst = (key: string) => !key.startsWith(`${by}/about/`);

  return {
    /**
     * Writes a record through `write` (false: someone else's version is stored) with its keys in step:
     * `before` is the record as read (null: a new one), `after` as written (null: deleted).
     */
    write: (before: Indexed | null, after: Indexed | null, write: () => Promise<boolean>) =>
      writeWithKeys(store, keysOf(before), keysOf(after), write, [], goesFirst),
    /**
     * The ids of records with a word starting with each of `query` (searchWords), or a few more; the
     * caller checks each record. `rebuild` builds the keys of every record, when not yet complete.
     */
    async withWords(query: readonly string[], rebuild: () => Promise<unknown>, limit?: WordLimit): Promise<string[]> {
      await keysComplete(store, marker, rebuild);
      return idsWithWords(store, query, words, limit);
    },
    /** One page, newest first, of the ids of records with every value of `values` (name to value). */
    async pageWith(
      values: Readonly<Record<string, string>>,
      query: PageQuery,
      rebuild: () => Promise<unknown>,
    ): Promise<Page<string>> {
      await keysComplete(store, marker, rebuild);
      const roots = Object.entries(values).map(([name, value]) => `${by}/${name}/${valueKey(value)}`);
      return newestPage(store, roots, query, 'all');
    },
    /** Makes the keys agree with `records`, every record of the list (`removeStray`: with nothing writing meanwhile). */
    rebuild: (records: readonly Indexed[], removeStray = false) =>
      syncKeys(store, { roots: [words, by], marker, expected: records.flatMap(keysOf), removeStray }),
  };
}
