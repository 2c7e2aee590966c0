import { useRef, useState } from 'react';
import { relativeTime, type FullProjectView } from '#features/projects/project';
import { actionLabel, STATES, teamStateLabel } from '#features/projects/process';
import type { AdminEditor } from '#features/editors/editor-rules';
import { Fact, Time } from '../../../../islands/shared/admin/Facts';
import { ADMIN_ACTIONS, ProjectActionPanel, type AdminAction, type ActionDetails } from './ProjectActionPanel';
import { editsLeftText, eventLabel } from './project-text';
import { HelpNote } from '../HelpNote';

const badge = 'rounded-full px-2.5 py-0.5 text-xs font-semibold';
const smallButton = 'btn-outline min-h-10 px-4 py-1.5 text-sm';

/** A time and how far it is from now: 'Mar 5, 2026, 9:00 AM (in 2 days)'. */
function When({ iso }: { iso: string }) {
  return (
    <>
      <Time iso={iso} /> ({relativeTime(new Date(iso), new Date())})
    </>
  );
}

/** Every step of the project, oldest first: when, what, who, and the state it led to. */
function History({ project }: { project: FullProjectView }) {
  return (
    <ol aria-label={`History of ${project.id}`} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      {project.history.map((event, index) => (
        <li key={index} className="text-sm text-slate-800">
          <p>
            <span className="font-semibold text-navy-900">{eventLabel[event.type]}</span>
            {event.by === 'system' ? ' automatically' : ` by ${event.adminEmail ?? event.actor}`} ·{' '}
            <Time iso={event.at} />
          </p>
          {(event.note || event.from !== event.to) && (
            <p className="text-slate-700">
              {event.note}
              {event.note && event.from !== event.to && ' · '}
              {event.from !== event.to && `${teamStateLabel[event.from]} → ${teamStateLabel[event.to]}`}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

interface CardProps {
  project: FullProjectView;
  editors: AdminEditor[] | null;
  onAct: (action: AdminAction, details: ActionDetails) => Promise<string | null>;
}

/** One project in the admin's list: what it is, who is on it, when feedback is due, its steps and its history. */
export function ProjectCard({ project, editors, onAct }: CardProps) {
  const [asking, setAsking] = useState<AdminAction | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `project-${project.id}`;
  const historyId = `project-history-${project.id}`;
  const offered = ADMIN_ACTIONS.filter((action) => project.actions.includes(action));
  const help = project.rounds.at(-1)?.help;

  function cancel() {
    const action = asking;
    setAsking(null);
    requestAnimationFrame(() => document.getElementById(`${headingId}-${action}`)?.focus());
  }

  async function confirm(details: ActionDetails) {
    const failure = await onAct(asking!, details);
    if (failure !== null) return failure;
    // The buttons may be gone with the state: the project's heading keeps the focus in the card.
    setAsking(null);
    requestAnimationFrame(() => heading.current?.focus());
    return null;
  }

  return (
    <article
      aria-labelledby={`${headingId} ${headingId}-id`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="font-serif text-lg font-bold break-words text-navy-900"
          >
            {project.service.title}
          </h3>
          <p id={`${headingId}-id`} className="font-mono text-sm text-slate-700">
            {project.id}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className={`${badge} ${STATES[project.state].badge}`}>{teamStateLabel[project.state]}</span>
          {project.due?.late && <span className={`${badge} bg-red-100 text-red-900`}>Late</span>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Fact term="Editor">{project.editor.name}</Fact>
        <Fact term="Student">{project.student.name}</Fact>
        {/* An address is long: a row of its own on a phone. */}
        <Fact term="Customer" className="col-span-2 lg:col-span-1">
          {project.customer.email}
        </Fact>
        <Fact term="Feedback due">{project.due && <When iso={project.due.at} />}</Fact>
        {project.autoFinalAt && (
          <Fact term="Becomes final">
            <When iso={project.autoFinalAt} />
          </Fact>
        )}
        <Fact term="Edits left">{editsLeftText(project.editsLeft)}</Fact>
      </dl>
      {help && (
        <div className="mt-3">
          <HelpNote help={help} reader="team" />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {offered.map((action) => (
          <button
            key={action}
            id={`${headingId}-${action}`}
            type="button"
            className={smallButton}
            aria-expanded={asking === action}
            onClick={() => setAsking(asking === action ? null : action)}
          >
            {actionLabel[action]}
            <span className="sr-only"> ({project.id})</span>
          </button>
        ))}
        <button
          type="button"
          className={smallButton}
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen(!historyOpen)}
        >
          {historyOpen ? 'Hide history' : 'Show history'}
          <span className="sr-only"> of {project.id}</span>
        </button>
      </div>
      {asking && (
        <ProjectActionPanel
          key={asking}
          action={asking}
          project={project}
          editors={editors}
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
      <div id={historyId} hidden={!historyOpen}>
        {historyOpen && <History project={project} />}
      </div>
    </article>
  );
}
