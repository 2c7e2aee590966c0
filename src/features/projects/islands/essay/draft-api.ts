import type { DraftText } from '#features/essay/essay';
import { signedInFetch } from '#stores/session';

/** GET /api/projects/:id/drafts/:round: one round's draft as text, with its words and limit. */
export const getDraftText = (projectId: string, round: number) =>
  signedInFetch<DraftText>(`/api/projects/${encodeURIComponent(projectId)}/drafts/${round}`);
