import { useEffect, useRef, useState } from 'react';
import { retentionMessages, type ProjectView } from '../project';
import { deliveryMessages, filesClosedTo, messagesCloseAt } from '../process';
import { formatDateTime } from './format';
import { History } from './History';
import { MessageThread } from './MessageThread';
import type { HeadingLevel } from './ProjectHeader';
import { Rounds } from './Rounds';
import { ReviewSection } from './ReviewSection';
import { StepNotice } from './StepNotice';
import type { Perspective } from './perspective';
import { useProjectStep } from './useProjectStep';

interface Props {
  project: ProjectView;
  perspective: Perspective;
  onChange: (project: ProjectView) => void;
  /** The level of the project's own heading: its sections are one below. */
  level: HeadingLevel;
}

/** Everything a project holds: the drafts with their feedback, the messages, the history. */
export function ProjectDetails({ project, perspective, onChange, level }: Props) {
  const { busy, notice, run } = useProjectStep(project, onChange);
  // One notice at a time, shown beside the form that asked for it.
  const [noticeAt, setNoticeAt] = useState<'drafts' | 'thread' | 'review'>('thread');
  const runAt = (where: 'drafts' | 'thread' | 'review') => (action: Parameters<typeof run>[0], body: object) => {
    setNoticeAt(where);
    return run(action, body);
  };
  // A removed draft's button is gone with it: focus goes to how the removal went.
  const draftsNotice = useRef<HTMLDivElement>(null);
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals) draftsNotice.current?.focus();
  }, [removals]);
  const removeDraft = async (round: number) => {
    await runAt('drafts')('remove-draft', { round });
    setRemovals((n) => n + 1);
  };
  const Section = level === 2 ? 'h3' : 'h4';
  const canMessage = project.actions.includes('message');
  const other = perspective === 'customer' ? project.editor.name : `the family of ${project.student.name}`;
  const emptyRounds =
    perspective === 'customer'
      ? 'No draft yet. Submit the first draft when it is ready.'
      : 'The family has not submitted a draft yet.';
  // The server refuses these downloads too; the page says why instead of offering them.
  const filesClosed = filesClosedTo(project.state, project.roles)
    ? deliveryMessages.filesClosed(project.state)
    : undefined;
  const closeAt = messagesCloseAt(project);

  // Said before the retention period ends, and in place of what it deleted after.
  const deleted = project.accountClosedAt ? retentionMessages.closed : retentionMessages.deleted;
  const retention = project.contentDeletedAt
    ? deleted(formatDateTime(project.contentDeletedAt))
    : project.contentDeletesAt && retentionMessages.warning(formatDateTime(project.contentDeletesAt));
  const retentionNote = retention && <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{retention}</p>;

  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <Section className="text-lg font-bold text-navy-900">Drafts and feedback</Section>
        {retentionNote}
        {noticeAt === 'drafts' && <StepNotice ref={draftsNotice} notice={notice} />}
        <Rounds
          projectId={project.id}
          rounds={project.rounds}
          empty={emptyRounds}
          filesClosed={filesClosed}
          remove={
            project.actions.includes('remove-draft')
              ? { busy: busy === 'remove-draft', onRemove: removeDraft }
              : undefined
          }
          steps={{ actions: project.actions, run: runAt('drafts'), busy: busy !== null }}
        />
      </section>
      <section className="space-y-3">
        <Section className="text-lg font-bold text-navy-900">Messages</Section>
        {project.contentDeletedAt && retentionNote}
        {closeAt && (
          <p className="text-sm text-slate-700">
            {canMessage
              ? `The project is final; its thread stays open until ${formatDateTime(closeAt.toISOString())}.`
              : `The project is final; its thread closed ${formatDateTime(closeAt.toISOString())}.`}
          </p>
        )}
        {noticeAt === 'thread' && <StepNotice notice={notice} />}
        <MessageThread
          projectId={project.id}
          messages={project.messages}
          readerRoles={project.roles}
          send={canMessage ? (text) => runAt('thread')('message', { text }) : null}
          busy={busy === 'message'}
          other={other}
        />
      </section>
      <ReviewSection
        project={project}
        perspective={perspective}
        run={runAt('review')}
        busy={busy !== null}
        heading={Section}
        notice={noticeAt === 'review' ? notice : null}
      />
      <History events={project.history} readerRoles={project.roles} />
    </div>
  );
}
