import { useEffect, useId, useRef, useState } from 'react';
import type { ProjectView } from '#features/projects/project';
import { feedbackWaiting } from '#features/projects/process';
import { studentAccessMessages } from '#features/projects/student-access';
import { ProjectDetails } from '../../features/projects/islands/ProjectDetails';
import { ProjectHeader } from '../../features/projects/islands/ProjectHeader';
import { ProjectSteps } from '../../features/projects/islands/ProjectSteps';
import { projectAnchor } from '#features/projects/islands/useProjectHash';

interface Props {
  project: ProjectView;
  now: Date;
  /** Opened by a link (`#project-<id>`): open it, scroll to it and focus its heading. */
  targeted: boolean;
  onChange: (project: ProjectView) => void;
}

/**
 * One of the family's projects: what it is, where it stands, the steps they can take, and behind a
 * toggle its drafts, feedback, messages and history (open by itself when feedback is waiting).
 */
export function ProjectCard({ project, now, targeted, onChange }: Props) {
  // Open by itself when feedback waits, or a review is asked of them.
  const [open, setOpen] = useState(feedbackWaiting(project.state) || project.actions.includes('review'));
  const heading = useRef<HTMLHeadingElement>(null);
  const detailsId = useId();

  // A link to it opens it in the render that learns of the link; the effect then scrolls to it.
  const [wasTargeted, setWasTargeted] = useState(false);
  if (targeted !== wasTargeted) {
    setWasTargeted(targeted);
    if (targeted) setOpen(true);
  }
  useEffect(() => {
    if (!targeted) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [targeted]);

  return (
    <li
      id={projectAnchor(project.id)}
      className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <ProjectHeader ref={heading} project={project} perspective="customer" level={3} now={now} />
      {!project.roles.includes('customer') && project.student.parentName && (
        <p className="text-sm text-slate-700">{studentAccessMessages.sharedBy(project.student.parentName)}</p>
      )}
      <ProjectSteps project={project} perspective="customer" onChange={onChange} />
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className={open ? 'rotate-180' : ''}>
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {open ? 'Hide' : 'Show'} drafts, feedback and messages
      </button>
      <div id={detailsId} hidden={!open}>
        {open && <ProjectDetails project={project} perspective="customer" onChange={onChange} level={3} />}
      </div>
    </li>
  );
}
