/**
 * Sends what the process says a transition or a timer owes (its words in `notices.ts`), through the one mail module
 * (SMTP, or the outbox when it fails), with a link to the page where they act. Editors receive mail
 * at the address they sign in with; one without an account yet is reached through the business inbox.
 */
import { type OwedNotice, type Project } from '../project';
import { MESSAGE_MAIL_BURST_MS, TIMERS, type Audience, type TimerName, type Transition } from '../process';
import { site } from '#lib/site';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { serverEnv } from '#server/core/env';
import { escapeHtml, sendMail, type KindedMail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';
import { TIMER_NOTICES, TRANSITION_NOTICES, type Words } from './notices';
import type { Actor, Step } from './transitions';

/** A notice before it is stored: to whom (and, for an editor, which one) and what. */
type Notice = Omit<OwedNotice, 'id' | 'at'>;

/**
 * The notices of `words` for one audience of the process: the family is the parent and, once invited,
 * the student (who does not read what concerns the money); an editor is the project's or the previous one.
 */
function addressed(audience: Audience, words: Words | null, project: Project, before: Project): Notice[] {
  if (!words) return [];
  const { subject, lines, parentLines = [] } = words;
  switch (audience) {
    case 'editor':
      return [{ audience: 'editor', editorId: project.editor.id, subject, lines }];
    case 'previous-editor':
      return [{ audience: 'editor', editorId: before.editor.id, subject, lines }];
    case 'student':
      return project.studentAccess ? [{ audience: 'student', editorId: project.editor.id, subject, lines }] : [];
    case 'parent':
    case 'family': {
      const parent: Notice = {
        audience: 'customer',
        editorId: project.editor.id,
        subject,
        lines: [...lines, ...parentLines],
      };
      const student =
        audience === 'family' && project.studentAccess ? [{ ...parent, audience: 'student' as const, lines }] : [];
      return [parent, ...student];
    }
  }
}

/** Who hears of transition `t`, and what (the one who took it is never among them). */
export function noticesOf(t: Transition, step: Step, before: Project, after: Project, actor: Actor): Notice[] {
  return (Object.entries(t.notices) as [Audience, keyof typeof TRANSITION_NOTICES][]).flatMap(([audience, name]) =>
    addressed(audience, TRANSITION_NOTICES[name]({ project: after, before, step, actor, audience }), after, before),
  );
}

/**
 * A timer's notices: the first audience's under `id`, a student's copy under `<id>-student`, a later
 * audience's under `<id>-<audience>`; `at` is when the timer marked the project.
 */
export function timerNotices(timer: TimerName, id: string, project: Project, at: string): OwedNotice[] {
  return (Object.entries(TIMERS[timer].notices) as [Audience, keyof typeof TIMER_NOTICES][]).flatMap(
    ([audience, name], i) =>
      addressed(audience, TIMER_NOTICES[name](project, audience), project, project).map((notice) => ({
        ...notice,
        id: notice.audience === 'student' ? `${id}-student` : i > 0 ? `${id}-${notice.audience}` : id,
        at,
      })),
  );
}

/** The page where each party acts on the project. */
const linkFor = (audience: OwedNotice['audience'], project: Project) =>
  `${serverEnv().URL}${audience === 'editor' ? '/editor' : '/dashboard'}#project-${encodeURIComponent(project.id)}`;

/** The address of the project's editor, or of `editorId`'s: their account, or the business inbox. */
async function editorAddress(editorId: string, info?: DeployInfo) {
  const editor = await editorsRepo(info).get(editorId);
  return editor?.accountEmail
    ? { to: editor.accountEmail, forward: '' }
    : { to: site.email, forward: `For ${editor?.name ?? 'the editor'} (no editor account yet): ` };
}

/** How long a step's notices stay on the project: its timer has sent them long before. */
const OWED_NOTICE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The notices transition `t` owes, to store with it, named by the event's place in the history; older
 * ones are kept a week.
 */
export function owedNotices(t: Transition, step: Step, before: Project, after: Project, actor: Actor): OwedNotice[] {
  const event = `e${after.history.length}`;
  const kept = (before.notices ?? []).filter(
    (n) => Date.parse(after.updatedAt) - Date.parse(n.at) < OWED_NOTICE_KEPT_MS,
  );
  // One e-mail per burst of messages: none to a party e-mailed about a message moments ago.
  const inBurst = (notice: Notice) =>
    step.action === 'message' &&
    kept.some(
      (n) =>
        n.audience === notice.audience &&
        n.subject === notice.subject &&
        Date.parse(after.updatedAt) - Date.parse(n.at) < MESSAGE_MAIL_BURST_MS,
    );
  return [
    ...kept,
    ...noticesOf(t, step, before, after, actor)
      .filter((notice) => !inBurst(notice))
      .map((notice, i) => ({ id: `${event}-${i}`, at: after.updatedAt, ...notice })),
  ];
}

/** The owed notices of the step at place `event` in the history. */
export const noticesOfEvent = (project: Project, event: number) =>
  (project.notices ?? []).filter((n) => n.id.startsWith(`e${event}-`));

/**
 * Sends each notice once, however often tried (a step, then its timer): all are tried, then the first
 * failure is thrown. SMTP refusing is not a failure: sendMail keeps the mail for a later attempt.
 */
export async function send(notices: OwedNotice[], project: Project, info?: DeployInfo): Promise<void> {
  // A student whose access ended meanwhile is no longer written to.
  const due = notices.filter((notice) => notice.audience !== 'student' || project.studentAccess);
  const results = await Promise.allSettled(
    due.map(async (notice) => {
      const link = linkFor(notice.audience, project);
      const { to, forward } =
        notice.audience === 'customer'
          ? { to: project.customer.email, forward: '' }
          : notice.audience === 'student'
            ? { to: project.student.email, forward: '' }
            : await editorAddress(notice.editorId, info);
      const lines = [...notice.lines, `Open it: ${link}`];
      const mail: KindedMail = {
        kind: 'project',
        to,
        subject: `${forward ? '[Editor inbox] ' : ''}${notice.subject}`,
        text: `${forward}${lines.join('\n\n')}`,
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
        replyTo: site.email,
      };
      return sendMail(mail, info, new Date(), { id: `project-${project.id}-${notice.id}`, at: new Date(notice.at) });
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
