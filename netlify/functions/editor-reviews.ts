/**
 * GET /api/editors/:id/reviews: an editor's published reviews, newest first, for their profile. Public
 * and cached like the editors list, under its tag: a review published, answered or hidden purges both.
 */
import type { Config } from '@netlify/functions';
import { EDITORS_CACHE_HEADERS } from '#features/editors/server/editors-cache';
import { HttpError, route } from '#server/core/http';
import { editorsRepo, isShown } from '#features/editors/server/editors.repo';
import { reviewsRepo } from '#features/reviews/server/reviews.repo';
import { PROFILE_REVIEWS } from '#features/reviews/reviews';

export default route({
  GET: async (_req, context) => {
    const editor = await editorsRepo(context).get(context.params?.id ?? '');
    if (!editor || !isShown(editor)) throw new HttpError(404, 'No editor with this id');
    const reviews = await reviewsRepo(context).newest(editor.id, PROFILE_REVIEWS);
    return Response.json(reviews, { headers: EDITORS_CACHE_HEADERS });
  },
});

export const config: Config = { path: '/api/editors/:id/reviews' };
