/** Waitlist entries: one blob per (editor, address), keyed `<editor id>/<normalised email>` (DESIGN §3). */
import { openStore, type DeployInfo } from './stores';

export interface WaitlistEntry {
  email: string;
  editorId: string;
  editorName: string;
  at: string;
}

/** The editor id is a folder; encoding keeps any address one flat key inside it. */
export const waitlistKey = (editorId: string, email: string) => `${editorId}/${encodeURIComponent(email)}`;

export function waitlistRepo(info?: DeployInfo) {
  const store = openStore('waitlist', info);
  return {
    /** Adds a normalised address to an editor's waitlist once; answers whether it was new. */
    async join(entry: Omit<WaitlistEntry, 'at'>, now = new Date()): Promise<boolean> {
      const record: WaitlistEntry = { ...entry, at: now.toISOString() };
      const { modified } = await store.setJSON(waitlistKey(entry.editorId, entry.email), record, { onlyIfNew: true });
      return modified;
    },
    async get(editorId: string, email: string): Promise<WaitlistEntry | null> {
      return (await store.get(waitlistKey(editorId, email), { type: 'json' })) as WaitlistEntry | null;
    },
  };
}
