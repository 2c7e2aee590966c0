import { useCallback, useState } from 'react';
import type { FullProjectView } from '#features/projects/project';
import { actOnProject, getProject, projectsPage } from '../../../../islands/shared/admin/admin-api';
import { useEditorChoices } from '../../../../islands/shared/admin/useEditorChoices';
import { actionTexts, type AdminAction, type ActionDetails } from './ProjectActionPanel';
import { ProjectCard } from './ProjectCard';
import { ProjectFilters } from './ProjectFilters';
import {
  isFiltered,
  projectFilterFromSearch,
  type ProjectFilter,
} from '../../../../islands/shared/admin/project-filters';
import { PagedSection } from '../../../../islands/shared/admin/PagedSection';
import { showToast, toastFetchFailed } from '../../../../islands/shared/admin/toasts';
import { usePagedList } from '../../../../islands/shared/admin/usePagedList';

/**
 * Projects: every project, newest first, filtered by the server on state,
 * editor and lateness; the admin reassigns a project to another editor, marks it final or withdraws
 * it when its `actions` allow, and opens its history.
 */
export function ProjectsTab() {
  // Opened from an editor's card ('Reassign their open projects') or from Today: filtered as the link says.
  const [filter, setFilter] = useState<ProjectFilter>(() => projectFilterFromSearch(location.search));
  // A new loader for each filter: the list starts again from its first page.
  const loadPage = useCallback((cursor: string | null) => projectsPage(cursor, filter), [filter]);
  const list = usePagedList(loadPage, toastFetchFailed);
  const { editors, reload: reloadEditors } = useEditorChoices();
  const filtered = isFiltered(filter);

  const putInPlace = (project: FullProjectView) => list.replaceItem((p) => p.id === project.id, project);

  /**
   * Takes the step; answers null when the card's panel may close (done, or the project changed
   * meanwhile and is shown as it is now), else what went wrong.
   */
  async function act(project: FullProjectView, action: AdminAction, details: ActionDetails): Promise<string | null> {
    const texts = actionTexts[action];
    const result = await actOnProject(project.id, action, { version: project.version, ...details });
    if (result.ok) {
      putInPlace(result.data);
      showToast('success', texts.done(result.data));
      void reloadEditors(); // the slot counts beside the names may have moved
      return null;
    }
    if (result.status === 409) {
      showToast('error', result.error);
      const latest = await getProject(project.id);
      if (latest.ok) putInPlace(latest.data);
      return null;
    }
    showToast('error', texts.failed);
    return result.error;
  }

  return (
    <PagedSection
      id="projects"
      title="Projects"
      list={list}
      texts={{
        loading: 'Loading projects...',
        failed: 'The projects could not be loaded.',
        empty: filtered ? 'No projects match these filters.' : 'No projects yet.',
      }}
      intro={<ProjectFilters value={filter} editors={editors ?? []} onChange={setFilter} />}
    >
      <ul aria-label="Projects" className="space-y-4">
        {list.items.map((project) => (
          <li key={project.id}>
            <ProjectCard
              project={project}
              editors={editors}
              onAct={(action, details) => act(project, action, details)}
            />
          </li>
        ))}
      </ul>
    </PagedSection>
  );
}
