/**
 * Published reviews as the editors' profiles list them: one blob per review, keyed
 * `<editor id>/<published at>/<project id>`, so an editor's reviews list newest first by their keys.
 */
import type { PublicReview } from '../reviews';
import { listKeys, readRecords } from '#server/storage/paging';
import { openStore, type DeployInfo } from '#server/storage/stores';

const reviewKey = (editorId: string, review: Pick<PublicReview, 'publishedAt' | 'projectId'>) =>
  `${editorId}/${review.publishedAt}/${review.projectId}`;

export function reviewsRepo(info?: DeployInfo) {
  const store = openStore('reviews', info);
  return {
    /** Writes the review as it now reads (a reply added); the same review written again changes nothing. */
    put: (editorId: string, review: PublicReview) => store.setJSON(reviewKey(editorId, review), review),
    /** Takes a hidden review off the profile. */
    remove: (editorId: string, review: Pick<PublicReview, 'publishedAt' | 'projectId'>) =>
      store.delete(reviewKey(editorId, review)),
    /** The editor's published reviews, newest first, `limit` at most. */
    async newest(editorId: string, limit: number): Promise<PublicReview[]> {
      const keys = await listKeys(store, { prefix: `${editorId}/`, order: 'desc' });
      return (await readRecords<PublicReview>(store, keys.slice(0, limit))).map(({ value }) => value);
    },
  };
}
