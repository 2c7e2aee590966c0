/**
 * The words of every e-mail the project process sends, by the name the process gives it
 * (`src/features/projects/process.ts` says who receives which, after which transition or timer). Each is
 * worded by who acted: the family, the editor, our team (by the business's name) or the clock.
 */
import { type Project } from '../project';
import {
  ACK_REMINDER_HOURS,
  actionLabel,
  autoFinalAt,
  AUTO_FINAL_DAYS,
  AUTO_FINAL_WARNING_DAYS,
  currentRound,
  editsLeft,
  keepOpenLeft,
  MESSAGE_MAIL_BURST_MS,
  projectStateLabel,
  reviewWindowClosesAt,
} from '../process';
import { formatUsdCents } from '#lib/money';
import { numberWord } from '#lib/numbers';
import { ACCOUNT_CLOSED, closureNotices } from '#features/privacy/privacy';
import type { Audience, TimerNoticeName, TransitionNoticeName } from '../process';
import { REVIEW_LIMITS, reviewMessages } from '#features/reviews/reviews';
import { studentAccessMessages } from '../student-access';
import { site } from '#lib/site';
import { inputOf, type Actor, type Step } from './transitions';

export interface Words {
  subject: string;
  lines: string[];
  /** Read by the parent only, after `lines`: what concerns the money, which is the parent's. */
  parentLines?: string[];
}

export interface NoticeContext {
  /** The project after the transition. */
  project: Project;
  /** The project before it (for a reassignment, whose editor it was). */
  before: Project;
  step: Step;
  actor: Actor;
  /** Who reads it: one name may be worded for each. */
  audience: Audience;
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

/** How the family puts off a returned project's final time, while it still can; '' when it cannot. */
function keepOpenLine(project: Project) {
  const left = keepOpenLeft(project);
  return left > 0
    ? `Need longer? Choose ${actionLabel.extend} on your dashboard for ${AUTO_FINAL_DAYS} more days (${left === 1 ? 'once more' : `up to ${left} times`}).`
    : '';
}

const finalAt = (project: Project) => dateTime(autoFinalAt(project)!.toISOString());

/** When a returned project becomes final by itself, and how to put that off. */
const finalLine = (project: Project) =>
  `Without a new draft it becomes final by itself on ${finalAt(project)}. ${keepOpenLine(project)}`.trim();

/** A final notice with the invitation to review, worded for the family or the editor. */
const invited = (words: Words, project: Project, audience: Audience): Words => ({
  ...words,
  lines: [...words.lines, audience === 'editor' ? inviteEditor(project) : inviteFamily(project)],
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** ' with 2 files and 3 comments on the draft': what came back besides the notes. */
function returnedWith(files: number, comments: number) {
  const parts = [files && plural(files, 'file'), comments && `${plural(comments, 'comment')} on the draft`];
  const named = parts.filter(Boolean);
  return named.length ? ` with ${named.join(' and ')}` : '';
}
const finalTo = (project: Project, why = '') => ({
  subject: `Final: ${what(project)}`,
  lines: [`${what(project)} is now final${why}.`],
});

/** Until when a final project can be reviewed, named. */
const reviewBy = (project: Project) => dateTime(reviewWindowClosesAt(project)!.toISOString());
const inviteFamily = (project: Project) =>
  `How did it go? Review ${project.editor.name} on your dashboard by ${reviewBy(project)}: your review helps other families choose, and ${project.editor.name} reads it only once you have both reviewed or that day has passed.`;
const inviteEditor = (project: Project) =>
  `You may review the family's collaboration by ${reviewBy(project)}: only our team reads it, and you read the family's review once you have both reviewed or that day has passed.`;
/** The family's review went public in this step: before it, it was not. */
const publishedNow = ({ project, before }: NoticeContext) =>
  Boolean(project.reviews?.publishedAt && !before.reviews?.publishedAt);
/** ', read first by Beacon College Counsel': a held review our team published. */
const readFirst = ({ before }: NoticeContext) => (before.reviews?.held ? `, read first by ${site.name}` : '');
/** The family's review was held for our team in this step, instead of going public. */
const heldNow = ({ project, before }: NoticeContext) => Boolean(project.reviews?.held && !before.reviews?.held);

/**
 * A project ended with its account: the editor reads who closed it and no name (the names are going);
 * the family, who is closing it, is not written to.
 */
function endedWithAccount({ project, actor, audience }: NoticeContext, ended: 'cancelled' | 'withdrawn'): Words | null {
  if (audience !== 'editor') return null;
  const who = actor.adminEmail ? closureNotices.byTeam : closureNotices.byFamily;
  return {
    subject: `${who}: ${project.service.title}`,
    lines: [closureNotices.editorLine(who, project.service.title, ended)],
  };
}
const closing = ({ actor }: NoticeContext) => actor.name === ACCOUNT_CLOSED;

export const TRANSITION_NOTICES: Record<TransitionNoticeName, (c: NoticeContext) => Words | null> = {
  'draft-submitted': ({ project }) => {
    const round = currentRound(project)!;
    return {
      subject: `${round.n === 1 ? 'New draft' : `Revision ${round.n - 1}`}: ${what(project)}`,
      lines: [
        `${project.student.name} submitted ${round.n === 1 ? 'a first draft' : 'a revision'} of ${project.service.title}.`,
        `Please acknowledge it within 24 hours. Feedback is due ${dateTime(round.dueAt)}.`,
      ],
    };
  },
  'editor-working': ({ project, step }) => ({
    subject: `${project.editor.name} is working on your ${project.service.title}`,
    lines: [
      `${project.editor.name} wrote:`,
      inputOf(step, 'acknowledge').text,
      `Feedback is due ${dateTime(currentRound(project)!.dueAt)}.`,
    ],
  }),
  'feedback-returned': ({ project, step }) => {
    const left = editsLeft(project);
    return {
      subject: `Feedback returned: ${project.service.title}`,
      lines: [
        `${project.editor.name} returned feedback on ${project.service.title}${returnedWith(inputOf(step, 'return').files.length, project.rounds.at(-1)?.comments?.length ?? 0)}.`,
        left === null ? 'You can submit a revision whenever you are ready.' : `Edits left: ${left}.`,
        left === 0
          ? 'That was the last edit: mark the essay final once you have read the feedback.'
          : 'Submit a revision, or mark the essay final when you are happy with it.',
        left === 0 ? `It becomes final by itself on ${finalAt(project)}.` : finalLine(project),
      ],
    };
  },
  'kept-open': ({ project }) => ({
    subject: `Kept open: ${what(project)}`,
    lines: [
      `${project.student.name}'s family kept ${project.service.title} open: it becomes final by itself on ${finalAt(project)} unless they send a revision first.`,
    ],
  }),
  'marked-final': ({ project, actor }) => ({
    subject: `Marked final: ${what(project)}`,
    lines: [`${actor.name} marked ${project.service.title} final. Thank you!`, inviteEditor(project)],
  }),
  'review-invite': ({ project }) => ({
    subject: `How was ${project.editor.name}? Review ${project.service.title}`,
    lines: [`${what(project)} is final.`, inviteFamily(project)],
  }),
  'final-by-itself': ({ project, audience }) =>
    invited(
      finalTo(project, `: ${numberWord(AUTO_FINAL_DAYS)} days passed after the last feedback without a new draft`),
      project,
      audience,
    ),
  'final-by-team': ({ project, audience }) =>
    invited(
      { subject: `Final: ${what(project)}`, lines: [`${site.name} marked ${what(project)} final.`] },
      project,
      audience,
    ),
  'family-reviewed': ({ project }) => ({
    subject: `Reviewed: ${what(project)}`,
    lines: [
      project.reviews?.publishedAt
        ? `${project.student.name}'s family reviewed ${project.service.title}: read it on the project, and answer it once if you wish.`
        : project.reviews?.held
          ? `${project.student.name}'s family reviewed ${project.service.title}. ${reviewMessages.heldForEditor}`
          : `${project.student.name}'s family reviewed ${project.service.title}. You read their review once you have reviewed their collaboration, or on ${reviewBy(project)}.`,
    ],
  }),
  'review-published': (c) =>
    publishedNow(c)
      ? {
          subject: `Your review of ${c.project.editor.name} is published`,
          lines: [
            `Your review of ${c.project.service.title} is now on ${c.project.editor.name}'s profile${readFirst(c)}. Thank you!`,
          ],
        }
      : heldNow(c)
        ? {
            subject: `Your review of ${c.project.editor.name} is with our team`,
            lines: [reviewMessages.heldForFamily(c.project.reviews!.held!.reasons)],
          }
        : null,
  'review-revealed': (c) =>
    publishedNow(c)
      ? {
          subject: `The family's review: ${what(c.project)}`,
          lines: [
            `${c.project.student.name}'s family's review of ${c.project.service.title} is published${readFirst(c)}. Read it on the project; you may answer it once, publicly (up to ${REVIEW_LIMITS.reply} characters).`,
          ],
        }
      : null,
  'editor-replied': ({ project }) => ({
    subject: `${project.editor.name} answered your review`,
    lines: [`${project.editor.name} answered your review of ${project.service.title}: read it on the project.`],
  }),
  'review-hidden': ({ project, step }) => ({
    subject: `Your review of ${project.editor.name} is hidden`,
    lines: [
      project.reviews?.publishedAt
        ? `${site.name} took your review of ${project.service.title} off the site.`
        : `${site.name} read your review of ${project.service.title} and did not publish it.`,
      `The reason: ${inputOf(step, 'hide-review').reason}`,
    ],
  }),
  'draft-removed': ({ project, step }) => {
    const { round } = inputOf(step, 'remove-draft');
    const which = round === 1 ? 'the first draft' : `revision ${round - 1}`;
    return {
      subject: `Draft removed: ${what(project)}`,
      lines: [
        `${project.student.name}'s family removed ${which} of ${project.service.title}. Its text and files are deleted: the project shows when it was removed instead.`,
        'Please delete any copy you kept of it.',
      ],
    };
  },
  'withdrawn-by-family': (c) =>
    closing(c)
      ? endedWithAccount(c, 'withdrawn')
      : {
          subject: `Withdrawn: ${what(c.project)}`,
          lines: [
            `${c.project.student.name}'s family withdrew ${c.project.service.title}. Nothing more is needed from you.`,
          ],
        },
  'withdrawn-by-team': ({ project, step }) => {
    const { reason } = inputOf(step, 'withdraw');
    return {
      subject: `Withdrawn: ${what(project)}`,
      lines: [`${what(project)} was withdrawn by ${site.name}.`, ...(reason ? [`The reason: ${reason}`] : [])],
    };
  },
  'help-asked': ({ project, step, actor, audience }) => {
    const { reason } = inputOf(step, 'ask-for-help');
    return audience === 'editor'
      ? {
          subject: `Help asked for: ${what(project)}`,
          lines: [
            `${actor.name} is not satisfied with your feedback on ${project.service.title} and asked our team for help.`,
            `Their words: ${reason}`,
            `Please answer them in the project's messages; our team decides whether they get a free extra round or a refund.`,
          ],
        }
      : {
          subject: `We received your request for help: ${project.service.title}`,
          lines: [
            `${actor.name} asked for help with the feedback on ${project.service.title}. Your words: ${reason}`,
            `${project.editor.name} can answer in the project's messages, and our team decides, with the reason in writing, whether you get a free extra round or a refund. Until then the essay does not become final by itself.`,
          ],
        };
  },
  'help-granted': ({ project, step, audience }) => {
    const { reason } = inputOf(step, 'grant-round');
    return {
      subject: `A free extra round: ${what(project)}`,
      lines: [
        audience === 'editor'
          ? `${site.name} gave ${project.student.name}'s family a free extra round of ${project.service.title}.`
          : `${site.name} gave you a free extra round of ${project.service.title} with ${project.editor.name}: submit your revision when you are ready.`,
        `The reason: ${reason}`,
        ...(audience === 'editor' ? [] : [finalLine(project)]),
      ],
    };
  },
  'help-closed': ({ project, step, audience }) => {
    const { reason } = inputOf(step, 'close-help');
    return {
      subject: `Your request for help was answered: ${project.service.title}`,
      lines: [
        audience === 'editor'
          ? `${site.name} closed the family's request for help with ${what(project)}.`
          : `${site.name} closed your request for help with the feedback on ${project.service.title}.`,
        `The reason: ${reason}`,
        ...(audience === 'editor' ? [] : [finalLine(project)]),
      ],
    };
  },
  'cancelled-by-family': (c) => {
    if (closing(c)) return endedWithAccount(c, 'cancelled');
    const { project, step, audience } = c;
    if (audience === 'editor')
      return {
        subject: `Cancelled: ${what(project)}`,
        lines: [
          `${project.student.name}'s family cancelled ${project.service.title}. Nothing more is needed from you.`,
        ],
      };
    const { refund } = inputOf(step, 'cancel');
    return {
      subject: `Cancelled: ${project.service.title}`,
      lines: [`You cancelled ${what(project)}.`],
      parentLines: [
        !refund || refund.amountCents === 0
          ? 'Nothing is refunded with it: this order has been refunded already.'
          : `${formatUsdCents(refund.amountCents)} comes back to your card: you can follow it under Your Orders on your dashboard.`,
      ],
    };
  },
  // Closing the account tells the student once, for every project (close-account.ts).
  'cancelled-by-parent': (c) =>
    closing(c)
      ? null
      : {
          subject: `Cancelled: ${c.project.service.title}`,
          lines: [studentAccessMessages.parentCancelled(c.project.service.title)],
        },
  'cancelled-by-team': ({ project, audience }) =>
    audience === 'editor'
      ? {
          subject: `Cancelled: ${what(project)}`,
          lines: [`${site.name} cancelled ${project.service.title}. Nothing more is needed from you.`],
        }
      : {
          subject: `Cancelled: ${project.service.title}`,
          lines: [`${site.name} cancelled ${what(project)}.`],
          parentLines: ['Any refund with it is shown under Your Orders on your dashboard.'],
        },
  message: ({ project, step, actor }) => ({
    subject: `New message about ${what(project)}`,
    lines: [
      `${actor.name} wrote:`,
      inputOf(step, 'message').text,
      `Further messages within ${MESSAGE_MAIL_BURST_MS / 60_000} minutes of this one are not e-mailed one by one: read the whole thread on the project.`,
    ],
  }),
  'new-editor': ({ project }) => ({
    subject: `Your new editor: ${project.editor.name}`,
    lines: [`${what(project)} is now with ${project.editor.name}. Your drafts and messages move with it.`],
  }),
  assigned: ({ project }) => ({
    subject: `Assigned to you: ${what(project)}`,
    lines: [`${what(project)} is now yours (state: ${projectStateLabel[project.state]}).`],
  }),
  'reassigned-away': ({ project }) => ({
    subject: `Reassigned: ${what(project)}`,
    lines: [`This project is now with ${project.editor.name}. Nothing more is needed from you.`],
  }),
};

export const TIMER_NOTICES: Record<TimerNoticeName, (project: Project, audience: Audience) => Words | null> = {
  'ack-reminder': (project) => ({
    subject: `Reminder: please acknowledge ${what(project)}`,
    lines: [
      `A draft of ${project.service.title} has waited ${ACK_REMINDER_HOURS} hours for you. The family was promised contact within 24 hours: please acknowledge it now.`,
    ],
  }),
  'auto-final-warning': (project) => ({
    subject: `${project.service.title} becomes final in ${AUTO_FINAL_WARNING_DAYS} days`,
    lines: [
      `Unless you submit a revision or mark it final yourself, ${what(project)} becomes final on ${finalAt(project)}.`,
      keepOpenLine(project),
    ].filter(Boolean),
  }),
  'review-reminder': (project, audience) => {
    if (audience === 'editor')
      return project.reviews?.editor
        ? null
        : { subject: `Reminder: review the family of ${what(project)}`, lines: [inviteEditor(project)] };
    return project.reviews?.family
      ? null
      : { subject: `Reminder: review ${project.editor.name}`, lines: [inviteFamily(project)] };
  },
};
