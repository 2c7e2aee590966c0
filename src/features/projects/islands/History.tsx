import type { ProjectEvent, Role } from '../project';
import { eventText, formatDateTime, personLabel } from './format';

/** Who did what, when, oldest first, behind a native disclosure (it is for looking back). */
export function History({ events, readerRoles }: { events: ProjectEvent[]; readerRoles: readonly Role[] }) {
  const shown = events.flatMap((event) => {
    const text = eventText(event);
    return text ? [{ event, text }] : [];
  });
  return (
    <details className="group rounded-xl border border-slate-200">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-4 py-2 font-semibold text-navy-900">
        History ({shown.length})
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 16 16"
          className="transition-transform group-open:rotate-180"
        >
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <ol className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
        {shown.map(({ event, text }, i) => (
          <li key={`${event.at}-${i}`} className="flex flex-wrap gap-x-2">
            <time dateTime={event.at} className="text-slate-600">
              {formatDateTime(event.at)}
            </time>
            <span className="text-slate-800">
              <span className="font-semibold">{personLabel(event.by, event.actor, readerRoles)}</span>: {text}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
