import { useEffect, useRef } from 'react';
import type { ProjectView } from '../../project';
import { ProjectDetails } from '../ProjectDetails';
import { ProjectHeader } from '../ProjectHeader';
import { ProjectSteps } from '../ProjectSteps';

/**
 * The project the editor opened: where it stands, Acknowledge or Return Feedback when due, the draft
 * to read or download, the thread and the history. Opening it moves focus (and a phone's view) to it.
 */
export function OpenProject({
  project,
  now,
  onChange,
}: {
  project: ProjectView;
  now: Date;
  onChange: (p: ProjectView) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [project.id]);

  return (
    <article
      aria-labelledby={`${project.id}-heading`}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <a
        href="#inbox"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-700 underline lg:hidden"
      >
        Back to the inbox
      </a>
      <div id={`${project.id}-heading`} className="scroll-mt-20">
        <ProjectHeader ref={heading} project={project} perspective="editor" level={2} now={now} />
      </div>
      <ProjectSteps project={project} perspective="editor" onChange={onChange} />
      <ProjectDetails project={project} perspective="editor" onChange={onChange} level={2} />
    </article>
  );
}
