import type { ProjectView } from '../../lib/delivery';
import { useProjectHash } from '../projects/useProjectHash';
import { useProjectList } from '../projects/useProjectList';
import { useNow } from '../projects/useNow';
import { useSignedInFetch } from '../shared/useSignedInFetch';
import { ProjectCard } from './ProjectCard';

/**
 * 'Your Projects' (issue 17): every editing service the family bought, with its editor, where it
 * stands and what they can do next. `/dashboard#project-<id>`, the link in every e-mail, opens one.
 */
export default function MyProjects() {
  const { value, reload } = useSignedInFetch<ProjectView[]>('/api/projects');
  const { projects, update } = useProjectList(value.state === 'done' && value.result.ok ? value.result.data : null);
  const target = useProjectHash();
  const now = useNow();
  if (value.state === 'signedOut') return null;

  return (
    <section aria-labelledby="projects-heading" className="space-y-4">
      <div>
        <h2 id="projects-heading" className="font-serif text-2xl font-bold text-navy-900">
          Your Projects
        </h2>
        <p className="mt-1 text-slate-700">Each editing service you bought is a project with your editor: send drafts, read feedback and talk to them here.</p>
      </div>
      {value.state === 'loading' && <p role="status">Loading your projects...</p>}
      {value.state === 'done' && !value.result.ok && (
        <p role="alert" className="text-red-800">
          We could not load your projects.{' '}
          <button type="button" onClick={() => void reload()} className="min-h-11 font-semibold underline">
            Try again
          </button>
        </p>
      )}
      {projects?.length === 0 && (
        <p className="text-slate-700">
          No projects yet: each editing service you buy becomes one. <a href="/services" className="font-semibold text-navy-700 underline">Browse our services</a>
        </p>
      )}
      {projects && projects.length > 0 && (
        <ul className="space-y-4">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} now={now} targeted={target === project.id} onChange={update} />
          ))}
        </ul>
      )}
    </section>
  );
}
