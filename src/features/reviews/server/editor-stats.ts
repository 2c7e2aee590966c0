/**
 * What a project adds to its editors' public numbers, kept on the editor records as it happens (no
 * page view lists every review): its returned rounds in each returning editor's on-time share, its
 * acknowledged drafts in their typical response, its being made final in their projects finished,
 * and its family's review, once published, in the rating and on the profile (out of both once hidden).
 * Every part is idempotent, so the step that changed the project and the `stats` timer after it can
 * both run it.
 */
import { firstName, type Project } from '#features/projects/project';
import { editorAt, finishedAt } from '#features/projects/process';
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

/** What one project adds to an editor's numbers: rounds returned, drafts acknowledged, the project made final. */
export interface ProjectWork {
  rounds: Record<string, { at: string; onTime: boolean }>;
  responses: Record<string, { at: string; ms: number }>;
  finished: Record<string, string>;
}

/**
 * What `project` adds to each editor's numbers, by editor: each round returned (by whoever returned
 * it), each draft acknowledged (by whoever had the project then), and its being made final (by its
 * editor). A cancelled or withdrawn project finished nothing.
 */
export function workOf(project: Project): Map<string, ProjectWork> {
  const work = new Map<string, ProjectWork>();
  const of = (id: string) => {
    const found = work.get(id) ?? { rounds: {}, responses: {}, finished: {} };
    work.set(id, found);
    return found;
  };
  for (const round of project.rounds) {
    const key = `${project.id}#${round.n}`;
    if (round.returnedAt && round.returnedBy)
      of(round.returnedBy).rounds[key] = { at: round.returnedAt, onTime: !round.late };
    if (round.acknowledgedAt)
      of(editorAt(project, round.acknowledgedAt)).responses[key] = {
        at: round.acknowledgedAt,
        ms: Math.max(0, Date.parse(round.acknowledgedAt) - Date.parse(round.submittedAt)),
      };
  }
  const finished = finishedAt(project);
  if (finished) of(project.editor.id).finished[project.id] = finished;
  return work;
}

export async function syncEditorStats(
  project: Project,
  context: DeployInfo & { waitUntil(work: Promise<unknown>): void },
): Promise<void> {
  const editors = editorsRepo(context);
  const byEditor = workOf(project);
  const review = publicReview(project);
  const hidden = Boolean(project.reviews?.hidden);
  if (review) {
    // The profile first: a rating never counts a review its profile does not show.
    if (hidden) await reviewsRepo(context).remove(project.editor.id, review);
    else await reviewsRepo(context).put(project.editor.id, review);
    byEditor.set(project.editor.id, byEditor.get(project.editor.id) ?? { rounds: {}, responses: {}, finished: {} });
  }
  const changed = await Promise.all(
    [...byEditor].map(([id, work]) =>
      editors.recordStats(id, {
        ...work,
        ...(review &&
          id === project.editor.id && { review: { projectId: project.id, overall: hidden ? null : review.overall } }),
      }),
    ),
  );
  // The cards read the editors list: a new rating or share shows at once.
  if (changed.some(Boolean)) await purgeEditorsCache(context);
}
