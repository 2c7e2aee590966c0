import type { WaitlistItem } from '../../lib/admin-lists';

export interface WaitlistGroup {
  editorId: string;
  editorName: string;
  entries: WaitlistItem[];
}

/**
 * The loaded entries by editor, in the order they arrived. The server answers in key order
 * (`<editor id>/<address>`), so one editor's entries are together even when they span pages.
 */
export function groupByEditor(entries: WaitlistItem[]): WaitlistGroup[] {
  const groups = new Map<string, WaitlistGroup>();
  for (const entry of entries) {
    const group = groups.get(entry.editorId) ?? { editorId: entry.editorId, editorName: entry.editorName, entries: [] };
    group.entries.push(entry);
    groups.set(entry.editorId, group);
  }
  return [...groups.values()];
}
