import { useCallback, useEffect, useState } from 'react';
import type { AdminEditor } from '../../../lib/admin-lists';
import type { AdminReview } from '../../../lib/reviews';
import { adminEditors, hideReview, reviewsPage } from '../admin-api';
import { PagedSection } from '../lists/PagedSection';
import { usePagedList } from '../lists/usePagedList';
import { showToast, toastFetchFailed } from '../toasts';
import { ReviewCard } from './ReviewCard';
import { ReviewFilters } from './ReviewFilters';
import { isReviewFiltered, NO_REVIEW_FILTER, type ReviewFilter } from './review-filters';

/**
 * Reviews: every project's reviews, newest project first, filtered by the server on editor, overall
 * score and hiding; our team hides a published review with a reason the family is e-mailed.
 */
export function ReviewsTab() {
  const [filter, setFilter] = useState<ReviewFilter>(NO_REVIEW_FILTER);
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

  async function hide(review: AdminReview, reason: string): Promise<string | null> {
    const result = await hideReview(review.projectId, reason);
    if (result.ok) {
      const hidden = result.data.reviews?.hidden ?? { at: new Date().toISOString(), reason };
      list.replaceItem((r) => r.projectId === review.projectId, { ...review, hidden });
      showToast('success', `Review hidden: ${review.editor.name}, ${review.student.firstName}`);
      return null;
    }
    showToast('error', result.error);
    return result.error;
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
            <ReviewCard review={review} onHide={(reason) => hide(review, reason)} />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
