/** The editor a signed-in person is: the record whose `accountEmail` is their verified address. */
import type { Caller } from '#server/core/auth';
import type { DeployInfo } from '#server/storage/stores';
import { editorsRepo, type EditorRecord } from './editors.repo';

/** The editor record the caller signs in as, or null (an unverified address is no one's). */
export async function editorOf(caller: Caller, info?: DeployInfo): Promise<EditorRecord | null> {
  if (!caller.emailVerified) return null;
  return editorsRepo(info).findByAccount(caller.email);
}
