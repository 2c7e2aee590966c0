/**
 * What a project adds to its editors' public numbers, kept on the editor records as it happens (no
 * page view lists every review): its returned rounds in each returning editor's on-time share, and
 * its family's review, once published, in the rating and on the profile (out of both once hidden).
 * Every part is idempotent, so the step that changed the project and the `stats` timer after it can
 * both run it.
 */
import { firstName, type Project } from '#features/projects/project';
import { FORMER_CLIENT } from '#features/privacy/privacy';
import { meanScore, oneDecimal, type PublicReview } from '../reviews';
import { purgeEditorsCache } from '#features/editors/server/editors-cache';
import { editorsRepo } from '#features/editors/server/editors.repo';
import type { DeployInfo } from '#server/storage/stores';
import { reviewsRepo } from './reviews.repo';

/** The family's review as the profile shows it: the student's first name and grade, never the family's names. */
export function publicReview(project: Project): PublicReview | null {
  const { family, publishedAt, reply } = project.reviews ?? {};
  if (!family || !publishedAt) return null;
  return {
    projectId: project.id,
    publishedAt,
    student: {
      firstName: project.accountClosedAt ? FORMER_CLIENT : firstName(project.student.name),
      grade: project.student.grade,
    },
    service: project.service.title,
    scores: family.scores,
    overall: oneDecimal(meanScore(family.scores)),
    text: family.text,
    reply: reply ?? null,
  };
}

export async function syncEditorStats(
  project: Project,
  context: DeployInfo & { waitUntil(work: Promise<unknown>): void },
): Promise<void> {
  const editors = editorsRepo(context);
  const byEditor = new Map<string, Record<string, { at: string; onTime: boolean }>>();
  for (const round of project.rounds)
    if (round.returnedAt && round.returnedBy)
      byEditor.set(round.returnedBy, {
        ...byEditor.get(round.returnedBy),
        [`${project.id}#${round.n}`]: { at: round.returnedAt, onTime: !round.late },
      });
  const review = publicReview(project);
  const hidden = Boolean(project.reviews?.hidden);
  if (review) {
    // The profile first: a rating never counts a review its profile does not show.
    if (hidden) await reviewsRepo(context).remove(project.editor.id, review);
    else await reviewsRepo(context).put(project.editor.id, review);
    byEditor.set(project.editor.id, byEditor.get(project.editor.id) ?? {});
  }
  const changed = await Promise.all(
    [...byEditor].map(([id, rounds]) =>
      editors.recordStats(id, {
        rounds,
        ...(review &&
          id === project.editor.id && { review: { projectId: project.id, overall: hidden ? null : review.overall } }),
      }),
    ),
  );
  // The cards read the editors list: a new rating or share shows at once.
  if (changed.some(Boolean)) await purgeEditorsCache(context);
}
