import { forwardRef } from 'react';
import { withGrade } from '#lib/grades';
import type { ProjectView } from '../project';
import { DueLine } from './DueLine';
import { StateBadge } from './StateBadge';
import type { Perspective } from './perspective';

export type HeadingLevel = 2 | 3;

/** What editing remains; nothing for a project that stopped before it was done (cancelled, withdrawn). */
const editsText = (project: Pick<ProjectView, 'editsLeft' | 'editsAllowed' | 'state'>) =>
  project.state === 'cancelled' || project.state === 'withdrawn'
    ? null
    : project.editsLeft === null
      ? 'Unlimited edits'
      : `Edits left: ${project.editsLeft} of ${project.editsAllowed}`;

interface Props {
  project: ProjectView;
  perspective: Perspective;
  level: HeadingLevel;
  now: Date;
}

/**
 * The project at a glance: the service, who it is for and with, its state, the edits left and the
 * clock. The heading takes focus when the page opens the project (a link from an e-mail, the inbox).
 */
export const ProjectHeader = forwardRef<HTMLHeadingElement, Props>(function ProjectHeader(
  { project, perspective, level, now },
  ref,
) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const edits = editsText(project);
  const people =
    perspective === 'customer'
      ? `For ${project.student.name} · with ${project.editor.name}`
      : withGrade(project.student.name, project.student.grade, ' · ');
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Heading ref={ref} tabIndex={-1} className="font-serif text-xl font-bold text-navy-900 focus:outline-none">
            {project.service.title}
          </Heading>
          <p className="text-sm break-words text-slate-700">{people}</p>
        </div>
        <StateBadge state={project.state} perspective={perspective} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {edits && <p className="text-sm font-medium text-slate-800">{edits}</p>}
        <DueLine project={project} perspective={perspective} now={now} />
      </div>
    </header>
  );
});
