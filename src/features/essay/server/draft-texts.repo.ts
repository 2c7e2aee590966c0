/**
 * Uploaded drafts as text, in the `drafts` store under `<project id>/<file id>`: what converting the
 * file gave, kept beside the file so a draft is read in the page without converting it again. A
 * draft's text goes wherever its file goes (a project's prefix holds both for export and deletion).
 */
import { PROJECT_ID, UUID } from '#lib/ids';
import { openStore, type DeployInfo } from '#server/storage/stores';
import type { Conversion } from './conversion';

export function draftTextsRepo(info?: DeployInfo) {
  const store = openStore('drafts', info);
  const key = (projectId: string, fileId: string) => `${projectId}/${fileId}`;
  const ours = (projectId: string, fileId: string) => PROJECT_ID.test(projectId) && UUID.test(fileId);
  return {
    /** Same file, same text: writing it again (a retry) changes nothing. */
    async save(projectId: string, fileId: string, conversion: Conversion): Promise<void> {
      if (ours(projectId, fileId)) await store.setJSON(key(projectId, fileId), conversion);
    },
    async get(projectId: string, fileId: string): Promise<Conversion | null> {
      return ours(projectId, fileId)
        ? ((await store.get(key(projectId, fileId), { type: 'json' })) as Conversion | null)
        : null;
    },
    async remove(projectId: string, fileId: string): Promise<void> {
      if (ours(projectId, fileId)) await store.delete(key(projectId, fileId));
    },
  };
}
