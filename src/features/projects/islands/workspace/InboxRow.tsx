import { withGrade } from '#lib/grades';
import { relativeTime, type ProjectView } from '../../project';
import { isLate } from '../DueLine';
import { LateTag, StateBadge } from '../StateBadge';
import { projectHash } from '../useProjectHash';

/**
 * One project in the inbox: a link that opens it, with whose it is (first name, last initial, grade),
 * what it is and of which order, and its clock.
 */
export function InboxRow({ project, now, current }: { project: ProjectView; now: Date; current: boolean }) {
  const late = project.due ? isLate(project.due, now) : false;
  return (
    <li>
      <a
        href={projectHash(project.id)}
        aria-current={current ? 'true' : undefined}
        className="block rounded-lg border border-slate-200 bg-white p-3 hover:border-navy-600 hover:bg-navy-50 aria-[current=true]:border-navy-700 aria-[current=true]:bg-navy-50 aria-[current=true]:ring-2 aria-[current=true]:ring-navy-700"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-navy-900">
            {withGrade(project.student.name, project.student.grade, ' · ')}
          </span>
          {late && <LateTag />}
        </span>
        <span className="block text-sm text-slate-700">
          {project.service.title} · order {project.orderId}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
          <StateBadge state={project.state} perspective="editor" />
          {project.due && <span>Due {relativeTime(new Date(project.due.at), now)}</span>}
          {!project.due && project.autoFinalAt && (
            <span>Final by itself {relativeTime(new Date(project.autoFinalAt), now)}</span>
          )}
        </span>
      </a>
    </li>
  );
}
