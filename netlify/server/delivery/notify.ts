/**
 * Every step and every message e-mails the other party, through the one mail module
 * (SMTP, or the outbox when it fails), with a link to the page where they act. Editors receive mail
 * at the address they sign in with; one without an account yet is reached through the business inbox.
 */
import {
  actionLabel,
  autoFinalAt,
  AUTO_FINAL_MS,
  currentRound,
  DAY_MS,
  editsLeft,
  keepOpenLeft,
  MESSAGE_MAIL_BURST_MS,
  projectStateLabel,
  type OwedNotice,
  type Project,
} from '../../../src/lib/delivery';
import { formatUsdCents } from '../../../src/lib/money';
import { site } from '../../../src/lib/site';
import { editorsRepo } from '../editors/editors.repo';
import { serverEnv } from '../core/env';
import { escapeHtml, sendMail, type Mail } from '../core/mail';
import type { DeployInfo } from '../storage/stores';
import type { Actor, Step } from './transitions';

/** The parent who bought it (`customer`), the student they invited, or the editor. */
export type Audience = 'customer' | 'student' | 'editor';

export interface Notice {
  audience: Audience;
  subject: string;
  lines: string[];
}

/** 'Nov 28, 2026, 3:04 PM EST': the business's time zone, named. */
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  }).format(new Date(iso));

const what = (project: Project) => `${project.service.title} for ${project.student.name}`;
const messageSubject = (project: Project) => `New message about ${what(project)}`;

/** How the family puts off a returned project's final time, while it still can; '' when it cannot. */
function keepOpenLine(project: Project) {
  const left = keepOpenLeft(project);
  return left > 0
    ? `Need longer? Choose ${actionLabel.extend} on your dashboard for ${AUTO_FINAL_MS / DAY_MS} more days (${left === 1 ? 'once more' : `up to ${left} times`}).`
    : '';
}

/** When a returned project becomes final by itself, and how to put that off. */
const finalLine = (project: Project) =>
  `Without a new draft it becomes final by itself on ${dateTime(autoFinalAt(project)!.toISOString())}. ${keepOpenLine(project)}`.trim();

/**
 * Who hears of a step, and what (the one who took it hears nothing). What the editor, our team or the
 * timers did reaches the student too once invited, but for what was refunded: money is the parent's.
 */
export function noticesOf(step: Step, after: Project, actor: Actor): Notice[] {
  const notices = parentsAndEditors(step, after, actor);
  if (!after.studentAccess || isFamily(actor)) return notices;
  return notices.flatMap((notice) =>
    notice.audience === 'customer'
      ? [
          notice,
          {
            ...notice,
            audience: 'student' as const,
            lines: step.action === 'cancel' ? notice.lines.slice(0, 1) : notice.lines,
          },
        ]
      : [notice],
  );
}

const isFamily = (actor: Actor) => actor.role === 'customer' || actor.role === 'student';

function parentsAndEditors(step: Step, after: Project, actor: Actor): Notice[] {
  const round = after.rounds[after.rounds.length - 1];
  const left = editsLeft(after);
  switch (step.action) {
    case 'submit':
      return [
        {
          audience: 'editor',
          subject: `${round.n === 1 ? 'New draft' : `Revision ${round.n - 1}`}: ${what(after)}`,
          lines: [
            `${after.student.name} submitted ${round.n === 1 ? 'a first draft' : 'a revision'} of ${after.service.title}.`,
            `Please acknowledge it within 24 hours. Feedback is due ${dateTime(round.dueAt)}.`,
          ],
        },
      ];
    case 'acknowledge':
      return [
        {
          audience: 'customer',
          subject: `${after.editor.name} is working on your ${after.service.title}`,
          lines: [`${after.editor.name} wrote:`, step.message, `Feedback is due ${dateTime(round.dueAt)}.`],
        },
      ];
    case 'return':
      return [
        {
          audience: 'customer',
          subject: `Feedback returned: ${after.service.title}`,
          lines: [
            `${after.editor.name} returned feedback on ${after.service.title}${step.files.length ? ` with ${step.files.length} file${step.files.length === 1 ? '' : 's'}` : ''}.`,
            left === null ? 'You can submit a revision whenever you are ready.' : `Edits left: ${left}.`,
            left === 0
              ? 'That was the last edit: mark the essay final once you have read the feedback.'
              : 'Submit a revision, or mark the essay final when you are happy with it.',
            left === 0
              ? `It becomes final by itself on ${dateTime(autoFinalAt(after)!.toISOString())}.`
              : finalLine(after),
          ],
        },
      ];
    case 'extend':
      return [
        {
          audience: 'editor',
          subject: `Kept open: ${what(after)}`,
          lines: [
            `${after.student.name}'s family kept ${after.service.title} open: it becomes final by itself on ${dateTime(autoFinalAt(after)!.toISOString())} unless they send a revision first.`,
          ],
        },
      ];
    case 'finalize':
      return isFamily(actor)
        ? [
            {
              audience: 'editor',
              subject: `Marked final: ${what(after)}`,
              lines: [`${actor.name} marked ${after.service.title} final. Thank you!`],
            },
          ]
        : (['customer', 'editor'] as const).map((audience) => ({
            audience,
            subject: `Final: ${what(after)}`,
            lines: [
              `${what(after)} is now final${actor.role === 'system' ? ': seven days passed after the last feedback without a new draft' : ''}.`,
            ],
          }));
    case 'withdraw':
      return actor.role === 'customer'
        ? [
            {
              audience: 'editor',
              subject: `Withdrawn: ${what(after)}`,
              lines: [`${after.student.name} withdrew ${after.service.title}. Nothing more is needed from you.`],
            },
          ]
        : (['customer', 'editor'] as const).map((audience) => ({
            audience,
            subject: `Withdrawn: ${what(after)}`,
            lines: [
              `${what(after)} was withdrawn by ${site.name}.`,
              ...(step.reason ? [`The reason: ${step.reason}`] : []),
            ],
          }));
    case 'cancel': {
      // Each says who cancelled: the family, or our team (whose refund the family hears of on its own).
      const byFamily = actor.role === 'customer';
      const refund = step.refund;
      const refundLine =
        !refund || refund.amountCents === 0
          ? 'Nothing is refunded with it: this order has been refunded already.'
          : `${formatUsdCents(refund.amountCents)} comes back to your card: you can follow it under Your Orders on your dashboard.`;
      return [
        {
          audience: 'editor',
          subject: `Cancelled: ${what(after)}`,
          lines: [
            `${byFamily ? `${after.student.name}'s family` : site.name} cancelled ${after.service.title}. Nothing more is needed from you.`,
          ],
        },
        {
          audience: 'customer',
          subject: `Cancelled: ${after.service.title}`,
          lines: byFamily
            ? [`You cancelled ${what(after)}.`, refundLine]
            : [
                `${site.name} cancelled ${what(after)}.`,
                'Any refund with it is shown under Your Orders on your dashboard.',
              ],
        },
      ];
    }
    case 'message': {
      const to: Audience[] = isFamily(actor)
        ? ['editor']
        : actor.role === 'editor'
          ? ['customer']
          : ['customer', 'editor'];
      const more = `Further messages within ${MESSAGE_MAIL_BURST_MS / 60_000} minutes of this one are not e-mailed one by one: read the whole thread on the project.`;
      return to.map((audience) => ({
        audience,
        subject: messageSubject(after),
        lines: [`${actor.name} wrote:`, step.text, more],
      }));
    }
    case 'reassign':
      return [
        {
          audience: 'customer',
          subject: `Your new editor: ${after.editor.name}`,
          lines: [`${what(after)} is now with ${after.editor.name}. Your drafts and messages move with it.`],
        },
        {
          audience: 'editor',
          subject: `Assigned to you: ${what(after)}`,
          lines: [`${what(after)} is now yours (state: ${projectStateLabel[after.state]}).`],
        },
      ];
  }
}

/** The timers' own notices, once per round: `at` is when the timer marked the round. */
export const ackReminder = (project: Project, at: string): OwedNotice => ({
  id: `ack-r${currentRound(project)!.n}`,
  at,
  audience: 'editor',
  editorId: project.editor.id,
  subject: `Reminder: please acknowledge ${what(project)}`,
  lines: [
    `A draft of ${project.service.title} has waited 20 hours for you. The family was promised contact within 24 hours: please acknowledge it now.`,
  ],
});
/** The family's warning before a returned project becomes final by itself: to the parent, and to the student once invited. */
export const autoFinalWarnings = (project: Project, at: string): OwedNotice[] => {
  const round = currentRound(project)!;
  const warning: OwedNotice = {
    // One per final time: a project kept open is warned again before its new one.
    id: `warn-r${round.n}${round.keptOpen ? `-k${round.keptOpen}` : ''}`,
    at,
    audience: 'customer',
    editorId: project.editor.id,
    subject: `${project.service.title} becomes final in 2 days`,
    lines: [
      `Unless you submit a revision or mark it final yourself, ${what(project)} becomes final on ${dateTime(autoFinalAt(project)!.toISOString())}.`,
      keepOpenLine(project),
    ].filter(Boolean),
  };
  return project.studentAccess
    ? [warning, { ...warning, id: `${warning.id}-student`, audience: 'student' }]
    : [warning];
};

/** The page where each party acts on the project. */
const linkFor = (audience: Audience, project: Project) =>
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
 * The notices a step owes, to store with it: those of `step` (and, for a reassignment, the previous
 * editor's goodbye), named by the event's place in the history; older ones kept a week.
 */
export function owedNotices(step: Step, before: Project, after: Project, actor: Actor): OwedNotice[] {
  const event = `e${after.history.length}`;
  const fresh = noticesOf(step, after, actor).map((notice) => ({ ...notice, editorId: after.editor.id }));
  if (step.action === 'reassign') {
    fresh.push({
      audience: 'editor',
      editorId: before.editor.id,
      subject: `Reassigned: ${what(after)}`,
      lines: [`This project is now with ${after.editor.name}. Nothing more is needed from you.`],
    });
  }
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
    ...fresh
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
      const mail: Mail = {
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
