import type { ProjectView } from '#features/projects/project';
import { $session } from '#stores/session';
import { useProjectHash } from '#features/projects/islands/useProjectHash';
import { useProjectList } from '#features/projects/islands/useProjectList';
import { useNow } from '#features/projects/islands/useNow';
import { useSharedStore } from '../shared/useSharedStore';
import { useSignedInFetch } from '../shared/useSignedInFetch';
import { ProjectCard } from './ProjectCard';
import { LoadFailed } from '../shared/LoadFailed';
import { StudentInvite } from './StudentInvite';
import { studentAccessMessages } from '#features/projects/student-access';

/** The parent's projects by order, in the order they are listed: each order's student may be invited. */
function parentsOrders(projects: ProjectView[]): ProjectView[][] {
  const byOrder = new Map<string, ProjectView[]>();
  for (const project of projects)
    if (project.roles.includes('customer'))
      byOrder.set(project.orderId, [...(byOrder.get(project.orderId) ?? []), project]);
  return [...byOrder.values()];
}

/**
 * 'Your Projects': every editing service the family bought (and, for a student, those a parent shared
 * with them), with its editor, where it stands and what they can do next; then, for the parent, the
 * student's own access per order. `/dashboard#project-<id>`, the link in every e-mail, opens one.
 */
export default function MyProjects() {
  const { value, reload } = useSignedInFetch<ProjectView[]>('/api/projects');
  const { projects, update } = useProjectList(value.state === 'done' && value.result.ok ? value.result.data : null);
  const target = useProjectHash();
  const now = useNow();
  const { user, studentOnly, parentClosedAt } = useSharedStore($session);
  if (value.state === 'signedOut') return null;
  const elsewhere = target !== null && projects !== null && !projects.some((p) => p.id === target);

  return (
    <section aria-labelledby="projects-heading" className="space-y-4">
      <div>
        <h2 id="projects-heading" className="font-serif text-2xl font-bold text-navy-900">
          Your Projects
        </h2>
        <p className="mt-1 text-slate-700">
          {studentOnly || (projects?.length && projects.every((p) => !p.roles.includes('customer')))
            ? studentAccessMessages.intro
            : 'Each editing service you bought is a project with your editor: send drafts, read feedback and talk to them here.'}
        </p>
      </div>
      {value.state === 'loading' && <p role="status">Loading your projects...</p>}
      {value.state === 'done' && !value.result.ok && <LoadFailed what="your projects" onRetry={() => void reload()} />}
      {elsewhere && (
        // A link from an e-mail opened while signed in with another address (a parent's, a student's).
        <p role="status" className="rounded-lg border border-beacon-400 bg-beacon-300/20 p-3 text-slate-800">
          The project in your link is not on this account ({user?.email}). If the e-mail went to another address, log
          out and log in with that one.
        </p>
      )}
      {parentClosedAt && (
        <p role="status" className="rounded-lg border border-beacon-400 bg-beacon-300/20 p-3 text-slate-800">
          {studentAccessMessages.parentClosed}
        </p>
      )}
      {projects?.length === 0 && !studentOnly && (
        <div className="space-y-1 text-slate-700">
          <p>
            No projects yet: each editing service you buy becomes one.{' '}
            <a href="/services" className="font-semibold text-navy-700 underline">
              Browse our services
            </a>
          </p>
          <p>{studentAccessMessages.notInvitedYet}</p>
        </div>
      )}
      {projects && projects.length > 0 && (
        <ul className="space-y-4">
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              now={now}
              targeted={target === project.id}
              onChange={update}
            />
          ))}
        </ul>
      )}
      {projects &&
        user?.email &&
        parentsOrders(projects).map((ofOrder) => (
          <StudentInvite key={ofOrder[0].orderId} projects={ofOrder} accountEmail={user.email!} onChange={update} />
        ))}
    </section>
  );
}
