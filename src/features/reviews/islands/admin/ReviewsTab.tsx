import { useCallback, useEffect, useState } from 'react';
import type { AdminEditor } from '#features/editors/editor-rules';
import type { FullProjectView } from '#features/projects/project';
import type { AdminReview } from '../../reviews';
import {
  adminEditors,
  getProject,
  hideReview,
  publishReview,
  reviewsPage,
} from '../../../../islands/shared/admin/admin-api';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { ReviewCard } from './ReviewCard';
import { ReviewFilters } from './ReviewFilters';
import {
  isReviewFiltered,
  reviewFilterFromSearch,
  type ReviewFilter,
} from '../../../../islands/shared/admin/review-filters';

/** The card as its project now reads: hidden, held, published or answered since the list was loaded. */
const asNow = (review: AdminReview, { reviews }: FullProjectView): AdminReview => ({
  ...review,
  publishedAt: reviews?.publishedAt ?? null,
  reply: reviews?.reply ?? null,
  hidden: reviews?.hidden ?? null,
  held: reviews?.held ?? null,
});

/**
 * Reviews: every project's reviews, newest review first, filtered by the server on editor, overall
 * score, hiding and holding; our team publishes a held review, or hides a published or held one with
 * a reason the family is e-mailed.
 */
export function ReviewsTab() {
  // Opened from Today: filtered as its link says.
  const [filter, setFilter] = useState<ReviewFilter>(() => reviewFilterFromSearch(location.search));
  // A new loader for each filter: the list starts again from its first page.
  const loadPage = useCallback((cursor: string | null) => reviewsPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  // Hidden editors too: their reviews stay on record.
  const [editors, setEditors] = useState<AdminEditor[]>([]);
  useEffect(() => {
    void adminEditors().then((result) => {
      if (result.ok) setEditors(result.data);
      else toastFetchFailed();
    });
  }, []);

  const putInPlace = (review: AdminReview) => list.replaceItem((r) => r.projectId === review.projectId, review);

  /** Answers null when the form may close (done, or changed meanwhile and shown as it is now), else what went wrong. */
  async function decide(
    review: AdminReview,
    result: Awaited<ReturnType<typeof hideReview>>,
    done: string,
  ): Promise<string | null> {
    if (result.ok) {
      putInPlace(asNow(review, result.data));
      showToast('success', `${done}: ${review.editor.name}, ${review.student.firstName}`);
      return null;
    }
    showToast('error', result.error);
    if (result.status !== 409) return result.error;
    const latest = await getProject(review.projectId);
    if (!latest.ok) return result.error;
    putInPlace(asNow(review, latest.data));
    return null;
  }

  return (
    <PagedSection
      id="reviews"
      title="Reviews"
      list={list}
      texts={{
        loading: 'Loading reviews...',
        failed: 'The reviews could not be loaded.',
        empty: isReviewFiltered(filter) ? 'No reviews match these filters.' : 'No reviews yet.',
      }}
      intro={<ReviewFilters value={filter} editors={editors} onChange={setFilter} />}
    >
      <ul aria-label="Reviews" className="space-y-4">
        {list.items.map((review) => (
          <li key={review.projectId}>
            <ReviewCard
              review={review}
              onHide={async (reason) => decide(review, await hideReview(review.projectId, reason), 'Review hidden')}
              onPublish={async () => decide(review, await publishReview(review.projectId), 'Review published')}
            />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
