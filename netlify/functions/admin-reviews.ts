/**
 * GET /api/admin/reviews (admin): one page of the projects' reviews, newest review first
 * (`?limit=&cursor=`), filtered by `?editor=`, `?score=` (the family's overall score, rounded) and
 * `?hidden=true|false` and `?held=true|false` (held, and not decided on yet). Each item holds both sides' reviews, the editor's private one included.
 */
import type { Config } from '@netlify/functions';
import { firstName, type Project } from '#features/projects/project';
import { awaitsTeam, meanScore, oneDecimal, type AdminReview } from '#features/reviews/reviews';
import { adminReviewFilterSchema } from '#features/reviews/reviews.schema';
import { requireAdmin } from '#server/core/auth';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { parse, privateJson, route, pageQueryOf } from '#server/core/http';

function adminReview(project: Project): AdminReview {
  const { family, editor, publishedAt, reply, hidden, held } = project.reviews ?? {};
  return {
    projectId: project.id,
    editor: project.editor,
    student: { firstName: firstName(project.student.name) },
    service: project.service.title,
    family: family ?? null,
    overall: family ? oneDecimal(meanScore(family.scores)) : null,
    publishedAt: publishedAt ?? null,
    reply: reply ?? null,
    hidden: hidden ?? null,
    held: held ?? null,
    editorReview: editor ?? null,
  };
}

export default route({
  GET: async (req, context) => {
    await requireAdmin(req, context);
    const url = new URL(req.url);
    const { editor, score, hidden, held } = parse(adminReviewFilterSchema, {
      editor: url.searchParams.get('editor') ?? undefined,
      score: url.searchParams.get('score') ?? undefined,
      hidden: url.searchParams.get('hidden') ?? undefined,
      held: url.searchParams.get('held') ?? undefined,
    });
    const query = pageQueryOf(url);
    const keep = ({ reviews, editor: assigned }: Project) =>
      (!editor || assigned.id === editor) &&
      (score === undefined ||
        (reviews?.family !== undefined && Math.round(meanScore(reviews.family.scores)) === score)) &&
      (hidden === undefined || Boolean(reviews?.hidden) === (hidden === 'true')) &&
      (held === undefined || (reviews !== undefined && awaitsTeam(reviews)) === (held === 'true'));
    // A review written today of an old project comes first (the later of the two sides' reviews).
    const page = await projectsRepo(context).pageReviewed(query, editor, keep);
    return privateJson({ ...page, items: page.items.map(adminReview) });
  },
});

export const config: Config = { path: '/api/admin/reviews' };
