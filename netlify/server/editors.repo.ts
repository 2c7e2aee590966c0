/** Editors: one blob per editor, keyed by id (DESIGN §3). */
import type { Editor, EditorInput } from '../../src/lib/schemas';
import { openStore, type DeployInfo } from './stores';

export interface EditorRecord extends Editor {
  createdAt: string;
  updatedAt: string;
}

/** Strips storage fields: the API serves exactly the SPEC §3 fields plus the featured flags. */
export function toPublicEditor(record: EditorRecord): Editor {
  const { id, name, image, college, major, sat, gpa, ecs, strengths, slotsOpen, totalSlots, featured } = record;
  return { id, name, image, college, major, sat, gpa, ecs, strengths, slotsOpen, totalSlots, featured };
}

export function editorsRepo(info?: DeployInfo) {
  const store = openStore('editors', info);
  return {
    async list(): Promise<EditorRecord[]> {
      const { blobs } = await store.list();
      const records = await Promise.all(blobs.map((b) => store.get(b.key, { type: 'json' }) as Promise<EditorRecord | null>));
      return records
        .filter((r): r is EditorRecord => r !== null)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
    },
    async get(id: string): Promise<EditorRecord | null> {
      return (await store.get(id, { type: 'json' })) as EditorRecord | null;
    },
    /** Creates an editor unless the id is taken; answers whether it was written. */
    async create(id: string, input: EditorInput, now = new Date()): Promise<boolean> {
      const at = now.toISOString();
      const record: EditorRecord = { id, ...input, createdAt: at, updatedAt: at };
      const { modified } = await store.setJSON(id, record, { onlyIfNew: true });
      return modified;
    },
  };
}
