/**
 * The filters of the admin's project list, applied by the server: GET /api/admin/projects
 * takes `?state=`, `?editor=` and `?late=true` beside the page parameters.
 */
import type { ProjectState } from '#features/projects/project';
import { pageSearch } from '#lib/paged-list';

export interface ProjectFilter {
  /** '' for every state. */
  state: ProjectState | '';
  /** '' for every editor. */
  editorId: string;
  lateOnly: boolean;
}

export const NO_PROJECT_FILTER: ProjectFilter = { state: '', editorId: '', lateOnly: false };

export const isFiltered = (filter: ProjectFilter) => filter.state !== '' || filter.editorId !== '' || filter.lateOnly;

/** The query string of one page: the page parameters, then only the filters that are set. */
export function projectsSearch(filter: ProjectFilter, cursor: string | null): string {
  const params = new URLSearchParams(pageSearch(cursor));
  if (filter.state) params.set('state', filter.state);
  if (filter.editorId) params.set('editor', filter.editorId);
  if (filter.lateOnly) params.set('late', 'true');
  return `?${params}`;
}
