/** Editors: one blob per editor, keyed by id (DESIGN §3). */
import type { Editor, EditorInput } from '../../src/lib/schemas';
import { openStore, storeName, type DeployInfo } from './stores';

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
 * The last full read of each editors store, with the etags it was read at. The list request answers
 * every editor's current etag, so while none has changed one request serves the whole list instead
 * of one per editor (the public list is the busiest read of the site). Never stale: any write
 * changes an etag, and then the records are read again.
 */
const lastRead = new Map<string, { etags: string; records: EditorRecord[] }>();

export function editorsRepo(info?: DeployInfo) {
  const store = openStore('editors', info);

  async function get(id: string): Promise<EditorRecord | null> {
    return (await store.get(id, { type: 'json' })) as EditorRecord | null;
  }

  /** Creates an editor unless the id is taken; answers the record, or null when the id was taken. */
  async function create(id: string, input: EditorInput, now = new Date()): Promise<EditorRecord | null> {
    const at = now.toISOString();
    const record: EditorRecord = { id, ...input, createdAt: at, updatedAt: at };
    const { modified } = await store.setJSON(id, record, { onlyIfNew: true });
    return modified ? record : null;
  }

  return {
    get,
    create,
    async list(): Promise<EditorRecord[]> {
      const { blobs } = await store.list();
      const etags = blobs.map((b) => `${b.key} ${b.etag}`).join('\n');
      const cacheKey = storeName('editors', info?.deploy?.context);
      const cached = lastRead.get(cacheKey);
      if (cached?.etags === etags) return [...cached.records];
      const records = (await Promise.all(blobs.map((b) => get(b.key))))
        .filter((r): r is EditorRecord => r !== null)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
      lastRead.set(cacheKey, { etags, records });
      return [...records];
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
    /** Replaces an editor's fields; answers the new record, or null for an unknown id. */
    async update(id: string, input: EditorInput, now = new Date()): Promise<EditorRecord | null> {
      const current = await get(id);
      if (!current) return null;
      const record: EditorRecord = { ...current, ...input, id, updatedAt: now.toISOString() };
      await store.setJSON(id, record);
      return record;
    },
    /** Deletes an editor; answers false for an unknown id. */
    async remove(id: string): Promise<boolean> {
      if (!(await get(id))) return false;
      await store.delete(id);
      return true;
    },
  };
}
