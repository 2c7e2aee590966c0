/** Editors: one blob per editor, keyed by id (DESIGN §3). */
import type { Editor, EditorInput } from '../../src/lib/schemas';
import { deployContext } from './deploy';
import { getJSONWithEtag, openStore, storeName, type DeployInfo } from './stores';

export interface EditorRecord extends Editor {
  createdAt: string;
  updatedAt: string;
}

/** Strips storage fields: the API serves exactly the SPEC §3 fields plus the featured flags. */
export function toPublicEditor(record: EditorRecord): Editor {
  const { id, name, image, college, major, sat, gpa, ecs, strengths, slotsOpen, totalSlots, featured } = record;
  return { id, name, image, college, major, sat, gpa, ecs, strengths, slotsOpen, totalSlots, featured };
}

/** Ids are readable slugs ('maya-chen'): they appear in links such as /select-services?editor=maya-chen. */
export const EDITOR_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'Zoë Ng-Park' -> 'zoe-ng-park'; 'editor' when nothing of the name is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'editor';
}

const randomSuffix = () => crypto.randomUUID().slice(0, 6);

/**
 * How long an instance answers the editors list from memory without asking the store. The public
 * list is the busiest read of the site; within this window a change made through another instance
 * (or a script) may not show yet. Writes through this instance show at once, and the CDN purge after
 * an admin write is repeated once the window has passed (cdn.ts).
 */
export const EDITORS_MEMORY_MS = 1000;

/**
 * The last full read of each editors store, the etags it was read at, and when they were last
 * checked. After the window one list request (every editor's current etag) tells whether the
 * records are still current, instead of one request per editor.
 */
const lastRead = new Map<string, { etags: string; records: readonly EditorRecord[]; checkedAt: number }>();
/** Writes through this instance, per store: a read that overlapped one is not remembered. */
const writeCounts = new Map<string, number>();

function noteWrite(cacheKey: string) {
  lastRead.delete(cacheKey);
  writeCounts.set(cacheKey, (writeCounts.get(cacheKey) ?? 0) + 1);
}

/** Forgets every remembered list, as a new instance starts: the next read asks the store. */
export function forgetEditorLists() {
  lastRead.clear();
}

export function editorsRepo(info?: DeployInfo) {
  const store = openStore('editors', info);
  const cacheKey = storeName('editors', deployContext(info));

  async function get(id: string): Promise<EditorRecord | null> {
    return (await store.get(id, { type: 'json' })) as EditorRecord | null;
  }

  /** Creates an editor unless the id is taken; answers the record, or null when the id was taken. */
  async function create(id: string, input: EditorInput, now = new Date()): Promise<EditorRecord | null> {
    const at = now.toISOString();
    const record: EditorRecord = { id, ...input, createdAt: at, updatedAt: at };
    const { modified } = await store.setJSON(id, record, { onlyIfNew: true });
    if (!modified) return null;
    noteWrite(cacheKey);
    return record;
  }

  return {
    get,
    create,
    /**
     * Every editor, oldest first; `fresh` asks the store even within the memory window. While the
     * memory holds, the same (frozen) array is answered, so callers can reuse work done on it.
     */
    async list({ fresh = false } = {}): Promise<readonly EditorRecord[]> {
      const cached = lastRead.get(cacheKey);
      const checkedAt = Date.now();
      const writesBefore = writeCounts.get(cacheKey) ?? 0;
      if (cached && !fresh && checkedAt - cached.checkedAt < EDITORS_MEMORY_MS) return cached.records;
      const { blobs } = await store.list();
      const etags = blobs.map((b) => `${b.key} ${b.etag}`).join('\n');
      if (cached?.etags === etags) {
        cached.checkedAt = checkedAt;
        return cached.records;
      }
      const records = Object.freeze(
        (await Promise.all(blobs.map((b) => get(b.key))))
          .filter((r): r is EditorRecord => r !== null)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name)),
      );
      if ((writeCounts.get(cacheKey) ?? 0) === writesBefore) lastRead.set(cacheKey, { etags, records, checkedAt });
      return records;
    },
    /** Creates an editor under a new id made from the name, with a random suffix if the name is taken. */
    async createWithNewId(input: EditorInput, now = new Date()): Promise<EditorRecord> {
      const base = slugify(input.name);
      for (let attempt = 0; attempt < 5; attempt++) {
        const record = await create(attempt === 0 ? base : `${base}-${randomSuffix()}`, input, now);
        if (record) return record;
      }
      throw new Error(`No free editor id for ${base}`);
    },
    /**
     * Replaces an editor's fields; answers the new record, or null for an unknown id. Compare-and-set,
     * so an editor deleted meanwhile stays deleted instead of coming back with the new fields.
     */
    async update(id: string, input: EditorInput, now = new Date()): Promise<EditorRecord | null> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await getJSONWithEtag<EditorRecord>(store, id);
        if (!current) return null;
        const record: EditorRecord = { ...current.value, ...input, id, updatedAt: now.toISOString() };
        if (!(await store.setJSON(id, record, { onlyIfMatch: current.etag })).modified) continue;
        noteWrite(cacheKey);
        return record;
      }
      throw new Error(`Editor ${id} kept changing while being updated`);
    },
    /** Deletes an editor; answers what was deleted, or null for an unknown id. */
    async remove(id: string): Promise<EditorRecord | null> {
      const current = await get(id);
      if (!current) return null;
      await store.delete(id);
      noteWrite(cacheKey);
      return current;
    },
  };
}
