/**
 * The delivery endpoints as the project pages call them, each with the signed-in user's ID token.
 * Answers are `ApiResult`s: the pages show failures, nothing throws.
 */
import { saveDownload } from '#client/download';
import type { FileRef, ProjectAction, ProjectView } from '../project';
import { idToken, signedInFetch, SIGNED_OUT } from '#stores/session';

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const getProject = (id: string) => signedInFetch<ProjectView>(projectPath(id));

/** GET /api/editor/projects: the editor's own slots and projects. */
export interface Inbox {
  editor: { id: string; name: string; slotsOpen: number; totalSlots: number; bio: string };
  projects: ProjectView[];
  /** The ended shelf comes a page at a time: where the next page starts, null after the last. */
  nextCursor: string | null;
}

/** The editor's inbox: open projects, or a page of the ended ones (`done`) after `cursor`. */
export const shelfPath = (shelf: 'open' | 'done', cursor?: string | null) =>
  `/api/editor/projects?shelf=${shelf}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
export const getShelf = (shelf: 'open' | 'done', cursor?: string | null) =>
  signedInFetch<Inbox>(shelfPath(shelf, cursor));

/** One step (submit, acknowledge, return, finalize, withdraw, message) with its JSON body. */
export const takeStep = (id: string, action: ProjectAction, body: object) =>
  signedInFetch<ProjectView>(`${projectPath(id)}/${action}`, { method: 'POST', body });

/** Uploads one file for the project's next draft or feedback; the step then names its id. */
export const uploadProjectFile = (projectId: string, file: File) =>
  signedInFetch<FileRef>(`/api/project-files/${encodeURIComponent(projectId)}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) },
  });

export async function downloadProjectFile(projectId: string, file: FileRef) {
  const token = await idToken();
  if (!token) return SIGNED_OUT;
  return saveDownload(
    `/api/project-files/${encodeURIComponent(projectId)}/${encodeURIComponent(file.id)}`,
    token,
    file.name,
  );
}

/** PUT /api/editor/profile: the editor's bio, in their own words, for their profile page. */
export const saveBio = (bio: string) =>
  signedInFetch<{ bio: string }>('/api/editor/profile', { method: 'PUT', body: { bio } });

/** POST (invite) or DELETE (end) /api/student-access/:orderId: the order's projects shared with its student. */
export const setStudentAccess = (orderId: string, share: boolean) =>
  signedInFetch<ProjectView[]>(`/api/student-access/${encodeURIComponent(orderId)}`, {
    method: share ? 'POST' : 'DELETE',
  });
