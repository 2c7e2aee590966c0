import { relativeTime, type ProjectView } from '../project';
import { formatDateTime } from './format';
import { LateTag } from './StateBadge';
import type { Perspective } from './perspective';

/** Past due: the server's flag, or the clock (the timers flag late rounds only once a minute). */
export const isLate = (due: NonNullable<ProjectView['due']>, now: Date) =>
  due.late || now.getTime() > Date.parse(due.at);

/**
 * What time decides next: when feedback is due (a live countdown, 'Late' once past it), or when
 * returned feedback becomes final by itself. Nothing when no clock runs.
 */
export function DueLine({
  project,
  perspective,
  now,
}: {
  project: Pick<ProjectView, 'due' | 'autoFinalAt'>;
  perspective: Perspective;
  now: Date;
}) {
  const { due, autoFinalAt } = project;
  if (due) {
    const late = isLate(due, now);
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
        <span>
          Feedback due <strong className="font-semibold text-slate-900">{relativeTime(new Date(due.at), now)}</strong>{' '}
          <span className="text-slate-600">({formatDateTime(due.at)})</span>
        </span>
        {late && <LateTag />}
      </p>
    );
  }
  if (autoFinalAt) {
    const when = relativeTime(new Date(autoFinalAt), now);
    return (
      <p className="text-sm text-slate-700">
        {perspective === 'customer' ? 'Becomes final by itself' : 'Final by itself'}{' '}
        <strong className="font-semibold text-slate-900">{when}</strong>{' '}
        <span className="text-slate-600">({formatDateTime(autoFinalAt)})</span>
        {perspective === 'customer' && ' unless you submit a revision'}
      </p>
    );
  }
  return null;
}
