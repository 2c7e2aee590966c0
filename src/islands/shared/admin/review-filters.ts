/**
 * The filters of the admin's reviews list, applied by the server: GET /api/admin/reviews takes
 * `?editor=`, `?score=` (the family's overall score, rounded), `?hidden=` and `?held=` beside the page parameters.
 */
import { pageSearch } from '#lib/paged-list';
import { searchParam } from './url-filter';

export interface ReviewFilter {
  /** '' for every editor. */
  editorId: string;
  /** '' for every score, else '1' to '5'. */
  score: string;
  /** '' for both, 'true' for hidden reviews only, 'false' for the others. */
  hidden: '' | 'true' | 'false';
  /** '' for both, 'true' for held reviews waiting for our team, 'false' for the others. */
  held: '' | 'true' | 'false';
}

export const NO_REVIEW_FILTER: ReviewFilter = { editorId: '', score: '', hidden: '', held: '' };

/** The filter a link names (`?held=true`, ...); an editor is checked by the server. */
export const reviewFilterFromSearch = (search: string): ReviewFilter => ({
  editorId: new URLSearchParams(search).get('editor') ?? '',
  score: searchParam(search, 'score', ['1', '2', '3', '4', '5']),
  hidden: searchParam(search, 'hidden', ['true', 'false']),
  held: searchParam(search, 'held', ['true', 'false']),
});

export const isReviewFiltered = (filter: ReviewFilter) =>
  filter.editorId !== '' || filter.score !== '' || filter.hidden !== '' || filter.held !== '';

/** The query string of one page: the page parameters, then only the filters that are set. */
export function reviewsSearch(filter: ReviewFilter, cursor: string | null): string {
  const params = new URLSearchParams(pageSearch(cursor));
  if (filter.editorId) params.set('editor', filter.editorId);
  if (filter.score) params.set('score', filter.score);
  if (filter.hidden) params.set('hidden', filter.hidden);
  if (filter.held) params.set('held', filter.held);
  return `?${params}`;
}
