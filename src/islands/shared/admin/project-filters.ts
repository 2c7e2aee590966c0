/**
 * The filters of the admin's project list, applied by the server: GET /api/admin/projects
 * takes `?state=`, `?editor=`, `?late=true` and `?unacknowledged=true` beside the page parameters.
 */
import { PROJECT_STATES, type ProjectState } from '#features/projects/project';
import { pageSearch } from '#lib/paged-list';
import { searchParam } from './url-filter';

export interface ProjectFilter {
  /** '' for every state. */
  state: ProjectState | '';
  /** '' for every editor. */
  editorId: string;
  lateOnly: boolean;
  /** Drafts nobody acknowledged within the hours promised. */
  unacknowledged: boolean;
}

export const NO_PROJECT_FILTER: ProjectFilter = { state: '', editorId: '', lateOnly: false, unacknowledged: false };

export const isFiltered = (filter: ProjectFilter) =>
  filter.state !== '' || filter.editorId !== '' || filter.lateOnly || filter.unacknowledged;

/** The filter a link names (`?state=&editor=&late=true&unacknowledged=true`); an editor is checked by the server. */
export const projectFilterFromSearch = (search: string): ProjectFilter => ({
  state: searchParam(search, 'state', PROJECT_STATES),
  editorId: new URLSearchParams(search).get('editor') ?? '',
  lateOnly: searchParam(search, 'late', ['true']) === 'true',
  unacknowledged: searchParam(search, 'unacknowledged', ['true']) === 'true',
});

/** The query string of one page: the page parameters, then only the filters that are set. */
export function projectsSearch(filter: ProjectFilter, cursor: string | null): string {
  const params = new URLSearchParams(pageSearch(cursor));
  if (filter.state) params.set('state', filter.state);
  if (filter.editorId) params.set('editor', filter.editorId);
  if (filter.lateOnly) params.set('late', 'true');
  if (filter.unacknowledged) params.set('unacknowledged', 'true');
  return `?${params}`;
}
