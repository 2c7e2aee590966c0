/**
 * Rebuilds every editor's rating, on-time share and track record, and the profiles' reviews, from the projects
 * themselves, should the numbers kept as reviews publish ever drift. Reads every project once (each is
 * listed under its current editor), so it is for a script, never a page view.
 */
import type { Project } from '../project';
import { ON_TIME_PERIOD_MS } from '#features/reviews/reviews';
import { projectsRepo } from './projects.repo';
import { editorsRepo, NO_STATS, type EditorStats, type ReviewStats } from '#features/editors/server/editors.repo';
import type { DeployInfo } from '#server/storage/stores';
import { publicReview, workOf } from '#features/reviews/server/editor-stats';
import { reviewsRepo } from '#features/reviews/server/reviews.repo';

/** Each editor's numbers as the projects say them at `now`. */
function statsOf(projects: readonly Project[], now: Date): Map<string, EditorStats> {
  const stats = new Map<string, EditorStats>();
  const of = (id: string) => {
    const current = stats.get(id) ?? structuredClone(NO_STATS);
    stats.set(id, current);
    return current;
  };
  const recent = <T extends { at: string }>(entries: Record<string, T>) =>
    Object.entries(entries).filter(([, entry]) => now.getTime() - Date.parse(entry.at) < ON_TIME_PERIOD_MS);
  for (const project of projects) {
    for (const [id, work] of workOf(project)) {
      const counted = of(id);
      Object.assign(counted.recentRounds, Object.fromEntries(recent(work.rounds)));
      Object.assign(counted.recentResponses, Object.fromEntries(recent(work.responses)));
      Object.assign(counted.finished, work.finished);
    }
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
    const next = stats.get(editor.id) ?? NO_STATS;
    if (await editorsRepo(info).setStats(editor.id, next, now)) changed += 1;
  }
  return changed;
}
