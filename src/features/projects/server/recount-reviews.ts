/**
 * Rebuilds every editor's rating and on-time share, and the profiles' reviews, from the projects
 * themselves, should the numbers kept as reviews publish ever drift. Reads every project once (each is
 * listed under its current editor), so it is for a script, never a page view.
 */
import type { Project } from '../project';
import { ON_TIME_PERIOD_MS } from '#features/reviews/reviews';
import { projectsRepo } from './projects.repo';
import { editorsRepo, type EditorRecord, type ReviewStats } from '#features/editors/server/editors.repo';
import type { DeployInfo } from '#server/storage/stores';
import { publicReview } from '#features/reviews/server/editor-stats';
import { reviewsRepo } from '#features/reviews/server/reviews.repo';

type Stats = Required<Pick<EditorRecord, 'reviewStats' | 'recentRounds'>>;

/** Each editor's numbers as the projects say them at `now`. */
function statsOf(projects: readonly Project[], now: Date): Map<string, Stats> {
  const stats = new Map<string, Stats>();
  const of = (id: string) => {
    const current = stats.get(id) ?? { reviewStats: { count: 0, sum: 0, claims: {} }, recentRounds: {} };
    stats.set(id, current);
    return current;
  };
  for (const project of projects) {
    for (const round of project.rounds)
      if (round.returnedAt && round.returnedBy && now.getTime() - Date.parse(round.returnedAt) < ON_TIME_PERIOD_MS)
        of(round.returnedBy).recentRounds[`${project.id}#${round.n}`] = { at: round.returnedAt, onTime: !round.late };
    const review = publicReview(project);
    if (!review) continue;
    const counted: ReviewStats = of(project.editor.id).reviewStats;
    if (project.reviews?.hidden) counted.claims[project.id] = 'hidden';
    else {
      counted.count += 1;
      counted.sum += review.overall;
      counted.claims[project.id] = review.overall;
    }
  }
  return stats;
}

/** Answers how many editors' numbers changed. */
export async function recountEditorStats(info?: DeployInfo, now = new Date()): Promise<number> {
  const editors = await editorsRepo(info).list({ fresh: true });
  const repo = projectsRepo(info);
  const listed = await Promise.all(
    editors.flatMap((editor) => (['open', 'done'] as const).map((shelf) => repo.listForEditor(editor.id, shelf))),
  );
  const projects = [...new Map(listed.flat().map((project) => [project.id, project])).values()];
  for (const project of projects) {
    const review = publicReview(project);
    if (!review) continue;
    if (project.reviews?.hidden) await reviewsRepo(info).remove(project.editor.id, review);
    else await reviewsRepo(info).put(project.editor.id, review);
  }
  const stats = statsOf(projects, now);
  let changed = 0;
  for (const editor of editors) {
    const next = stats.get(editor.id) ?? { reviewStats: { count: 0, sum: 0, claims: {} }, recentRounds: {} };
    if (await editorsRepo(info).setStats(editor.id, next, now)) changed += 1;
  }
  return changed;
}
