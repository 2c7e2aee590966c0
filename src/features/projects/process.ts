/**
 * The project process, whole: each state and how every reader words it, the durations and counts,
 * the buttons' labels and the refusals, and every transition a project can take, who takes it, from
 * which states and under which guards, what it does (effects), which timers it sets, and who is told;
 * how a project begins (`PAID`), and what each timer does when due (`TIMERS`).
 * Everything else reads this file: the endpoint and the timers apply a transition generically, the
 * pages show the actions it allows and the words it gives, and docs/architecture.md's diagram is
 * generated from it. `project.ts` says what a project's record is.
 *
 * - `actors`: who may take it ('customer' is the parent who bought, 'student' the student they
 *   invited, 'system' the timers).
 * - `via`: how it is asked for. 'endpoint': a button and `POST /api/projects/:id/:action`. 'refund':
 *   only by our team's refund of the order, which carries the money. 'timer': only when its timer fires.
 * - `to`: the state after; null keeps the state.
 * - `guards` judge the project; `checks` judge what the step asks for and what it names, as the
 *   server found it in storage (the uploads, the editor, the draft's text), once the guards let it through.
 * - `versioned`: the step names the version it was taken on (409 when stale) and bumps it; a message
 *   does neither, so it never makes the other party's next step stale.
 * - `notices`: who is e-mailed, by the name of what they read (`server/notices.ts`).
 *   'family' is the parent and, once invited, the student; 'parent' is the parent alone, 'student' the
 *   invited student alone.
 */
import { conflictMessages } from '#lib/conflicts';
import { COMMENT_LIMITS, commentMessages } from '#features/essay/essay-comments';
import { editorMessages } from '#lib/messages';
import { refundMessages, type CancellationQuote } from '#lib/refunds';
import {
  awaitsTeam,
  REVIEW_REMINDER_MS,
  REVIEW_WINDOW_MS,
  reviewMessages,
  type ProjectReviews,
} from '#features/reviews/reviews';
import type { ServiceId } from '#lib/catalogue';
import { DAY_MS, HOUR_MS } from '#lib/time';
import {
  PROJECT_ACTIONS,
  type Project,
  type ProjectAction,
  type ProjectEvent,
  type ProjectFileKind,
  type ProjectState,
  type Role,
  type Round,
  type TurnaroundKind,
} from './project';

/** The states in which work goes on: anything but final, withdrawn and cancelled. */
export const OPEN_STATES = ['awaiting_draft', 'submitted', 'in_review', 'returned', 'help_requested'] as const;

/** How a state reads to each reader, and how its badge looks to all of them. */
interface StateWords {
  /** The family's dashboard, the e-mails and the refusals. */
  family: string;
  /** The editor's workspace: what is asked of them. */
  editor: string;
  /** Our team's lists, which read a project as its editor would except where the family's words say more. */
  team: string;
  /** The badge's colours: what needs doing stands out, what is over is grey. */
  badge: string;
  /** The editor's inbox group, in the order the groups are shown (what needs them first); null: in none. */
  inbox: { rank: number; title: string } | null;
  /** Whether a project in this state holds one of its editor's active slots (when it takes slots at all). */
  holdsSlot: boolean;
}

const GREY = 'bg-slate-200 text-slate-800';
/** Each state once, in every reader's words. */
export const STATES = {
  awaiting_draft: {
    family: 'Waiting for your draft',
    editor: 'Waiting for the draft',
    team: 'Waiting for the draft',
    badge: 'bg-beacon-300 text-navy-900',
    inbox: { rank: 5, title: 'Awaiting drafts' },
    holdsSlot: false,
  },
  submitted: {
    family: 'Draft submitted',
    editor: 'New draft: acknowledge it',
    team: 'Draft submitted',
    badge: 'bg-sky-100 text-sky-900',
    inbox: { rank: 1, title: 'New drafts to acknowledge' },
    holdsSlot: true,
  },
  // Not 'being edited': the policy lets a family cancel until feedback comes back, and says it so.
  in_review: {
    family: 'In review',
    editor: 'In review',
    team: 'In review',
    badge: 'bg-navy-100 text-navy-900',
    inbox: { rank: 2, title: 'In review' },
    holdsSlot: true,
  },
  returned: {
    family: 'Feedback returned',
    editor: 'Feedback returned',
    team: 'Feedback returned',
    badge: 'bg-green-100 text-green-900',
    inbox: { rank: 4, title: 'Waiting on the family' },
    holdsSlot: true,
  },
  // The family is not satisfied with the feedback: the editor answers in the thread, our team decides.
  help_requested: {
    family: 'Help requested',
    editor: 'Family asked for help',
    team: 'Help requested',
    badge: 'bg-amber-100 text-amber-900',
    inbox: { rank: 3, title: 'Families asking for help' },
    holdsSlot: true,
  },
  final: {
    family: 'Final',
    editor: 'Final',
    team: 'Final',
    badge: 'bg-green-700 text-white',
    inbox: null,
    holdsSlot: false,
  },
  withdrawn: {
    family: 'Withdrawn',
    editor: 'Withdrawn',
    team: 'Withdrawn',
    badge: GREY,
    inbox: null,
    holdsSlot: false,
  },
  cancelled: {
    family: 'Cancelled',
    editor: 'Cancelled',
    team: 'Cancelled',
    badge: GREY,
    inbox: null,
    holdsSlot: false,
  },
} as const satisfies Record<ProjectState, StateWords>;

const wordsOf = (reader: 'family' | 'editor' | 'team') =>
  Object.fromEntries(Object.entries(STATES).map(([state, words]) => [state, words[reader]])) as Record<
    ProjectState,
    string
  >;
/** How a state reads to the family (the dashboard, the e-mails, the refusals). */
export const projectStateLabel = /* @__PURE__ */ wordsOf('family');
/** How a state reads to the editor. */
export const editorStateLabel = /* @__PURE__ */ wordsOf('editor');
/** How a state reads in our team's lists. */
export const teamStateLabel = /* @__PURE__ */ wordsOf('team');

export const isTerminal = (state: ProjectState) => !(OPEN_STATES as readonly ProjectState[]).includes(state);
/** Finished: made final. A withdrawn or cancelled project ended too, but unfinished; nothing counts it as finished. */
export const isFinished = (state: ProjectState) => state === 'final';
/**
 * Ended with its editor's work kept, and earned for it: final or withdrawn. Our team's refund may be for
 * such a project; a cancelled one gave its refund when it stopped.
 */
export const endedWithWork = (state: ProjectState) => state === 'final' || state === 'withdrawn';
/** When a project was made final, if it was (projects finished before history was kept: when they last changed). */
export const finishedAt = (project: Pick<Project, 'state' | 'history' | 'updatedAt'>) =>
  isFinished(project.state)
    ? (project.history.findLast((event) => event.type === 'finalize')?.at ?? project.updatedAt)
    : null;
/** When a project ended (made final, withdrawn, cancelled), if it did; ended before history was kept: when it last changed. */
export const endedAt = (project: Pick<Project, 'state' | 'history' | 'updatedAt'>) =>
  isTerminal(project.state)
    ? (project.history.findLast((event) => isTerminal(event.to))?.at ?? project.updatedAt)
    : null;
/**
 * Who had the project when `at` came: a reassignment moves it to the next editor, so the editors in
 * turn are the previous assignments' and then the current one.
 */
export function editorAt(project: Pick<Project, 'history' | 'previousAssignments' | 'editor'>, at: string): string {
  const reassignedBefore = project.history.filter((event) => event.type === 'reassign' && event.at <= at).length;
  return (
    [...project.previousAssignments.map((previous) => previous.editorId), project.editor.id][reassignedBefore] ??
    project.editor.id
  );
}

/**
 * What the project's work counts in the month's figures, each when it happened: every round returned
 * (late or not, by whom) and its being made final (by whom).
 */
export const workEvents = (project: Project): { at: string; detail: unknown }[] => [
  ...project.rounds.flatMap((round) =>
    round.returnedAt === null
      ? []
      : [
          {
            at: round.returnedAt,
            detail: { round: round.n, dueAt: round.dueAt, late: round.late, by: editorAt(project, round.returnedAt) },
          },
        ],
  ),
  ...[finishedAt(project) ?? []].flat().map((at) => ({ at, detail: { final: true, by: editorAt(project, at) } })),
];
export const workTimes = (project: Project): string[] => workEvents(project).map((event) => event.at);
/** States in which a slot-counting project occupies one of its editor's active slots. */
export const isActive = (state: ProjectState) => STATES[state].holdsSlot;
/** Feedback came back and waits for the family: its project opens on the dashboard. */
export const feedbackWaiting = (state: ProjectState) => state === 'returned';

/** Button labels, word for word. */
export const actionLabel: Record<ProjectAction, string> = {
  submit: 'Submit Draft',
  acknowledge: 'Acknowledge',
  return: 'Return Feedback',
  finalize: 'Mark as Final',
  extend: 'Keep it open',
  withdraw: 'Withdraw',
  cancel: 'Cancel and Refund',
  message: 'Send Message',
  reassign: 'Reassign',
  review: 'Submit Review',
  reply: 'Post Reply',
  'hide-review': 'Hide Review',
  'publish-review': 'Publish review',
  'remove-draft': 'Remove draft',
  comment: 'Save Comment',
  'remove-comment': 'Delete Comment',
  'mark-comment': 'Done',
  'ask-for-help': 'Ask for help with this feedback',
  'grant-round': 'Give a free round',
  'close-help': 'Close the request',
};
const REVISION_LABEL = 'Submit Revision';

/**
 * Whether a project occupies one of its editor's active slots while active: never an activity list,
 * never one bought while the editor was full.
 */
export const takesSlot = (project: { service: { id: ServiceId }; boughtWhileFull: boolean }) =>
  project.service.id !== 'activity-list' && !project.boughtWhileFull;

/** Turnaround of one round of feedback, from the speed upgrade owned when the draft comes in. */
const TURNAROUND_HOURS = { standard: 5 * 24, '48hr': 48, '24hr': 24 } as const satisfies Record<TurnaroundKind, number>;

/** The editor is reminded this long after a submission nobody has acknowledged (the 24-hour promise). */
export const ACK_REMINDER_MS = 20 * HOUR_MS;
/** Feedback with no new draft becomes final after this; the customer is warned AUTO_FINAL_WARNING_MS before. */
export const AUTO_FINAL_MS = 7 * DAY_MS;
export const AUTO_FINAL_WARNING_MS = 2 * DAY_MS;
/** The same durations as the pages and e-mails count them. */
export const ACK_REMINDER_HOURS = ACK_REMINDER_MS / HOUR_MS;
export const AUTO_FINAL_DAYS = AUTO_FINAL_MS / DAY_MS;
export const AUTO_FINAL_WARNING_DAYS = AUTO_FINAL_WARNING_MS / DAY_MS;
/** 'Keep it open' puts that off by AUTO_FINAL_MS more, this many times per round of feedback. */
const KEEP_OPEN_TIMES = 3;

/** The rule in words, where a service is sold and in every feedback e-mail. */
export const AUTO_FINAL_RULE =
  `After each round of feedback you have ${AUTO_FINAL_DAYS} days to send your next draft before the essay becomes final by itself; ` +
  `Keep it open adds ${AUTO_FINAL_DAYS} more days, up to ${KEEP_OPEN_TIMES} times.`;

/** The family may ask for help with a round's feedback this long after it came back. */
const HELP_WINDOW_MS = 7 * DAY_MS;
const HELP_WINDOW_DAYS = HELP_WINDOW_MS / DAY_MS;

/** The promise when feedback disappoints, in the same words wherever editing is sold and on the project. */
export const HELP_PROMISE =
  `Not satisfied with a round of feedback? Within ${HELP_WINDOW_DAYS} days of receiving it, choose ` +
  `“Ask for help with this feedback” and say why: your editor answers in your project's messages, and our team ` +
  `decides, giving you a free extra round (with the same or another editor) or a refund, with the reason in writing.`;

/** Limits of what a project holds. */
export const DELIVERY_LIMITS = {
  text: 20_000,
  prompt: 2_000,
  message: 5_000,
  notes: 20_000,
  url: 2_000,
  fileBytes: 5 * 1024 * 1024,
  filesPerReturn: 5,
  messages: 500,
  /** Why our team withdrew a project, in the words the family and the editor read. */
  withdrawReason: 500,
  /** Why the family asks for help with feedback, and why our team decided as it did. */
  helpReason: 2_000,
} as const;

/** A final project's thread stays open this long after it became final: a call just arranged is not cut off. */
const MESSAGES_AFTER_FINAL_MS = 14 * DAY_MS;

/** Messages to one party within this of the last one e-mailed are not e-mailed one by one. */
export const MESSAGE_MAIL_BURST_MS = 10 * 60_000;

export const fileMessages = {
  tooLarge: 'The file is larger than 5 MB.',
  wrongType: 'Upload a .docx, .pdf, .txt or .rtf file.',
  notItsType: (kind: ProjectFileKind) => `This file is not a .${kind} file inside: save it again as one.`,
  empty: 'The file is empty.',
  notNow: 'This project takes no file right now.',
} as const;

/** Feedback rounds delivered so far: each is one edit. */
export const editsUsed = (project: Pick<Project, 'rounds'>) =>
  project.rounds.filter((r) => r.returnedAt !== null).length;

/** Edits left (null: unlimited). A supplement has 3 before its draft, 2 after the first return. */
export function editsLeft(project: Pick<Project, 'rounds' | 'editsAllowed'>): number | null {
  return project.editsAllowed === null ? null : Math.max(0, project.editsAllowed - editsUsed(project));
}

export const currentRound = (project: Pick<Project, 'rounds'>): Round | undefined =>
  project.rounds[project.rounds.length - 1];

/** When a round submitted at `submittedAt` with `turnaround` is due. */
export const dueAt = (submittedAt: Date, turnaround: TurnaroundKind) =>
  new Date(submittedAt.getTime() + TURNAROUND_HOURS[turnaround] * HOUR_MS);

/** The round the editor owes feedback on, with whether it is past due at `now`. */
/** The state in which a project waits for our team's decision on a request for help. */
export const HELP_STATE = 'help_requested' satisfies ProjectState;

/** The states in which a round is with the editor, and so may be late. */
export const ROUND_OPEN_STATES = ['submitted', 'in_review'] as const satisfies readonly ProjectState[];

export function openRound(project: Pick<Project, 'rounds' | 'state'>, now: Date) {
  const round = currentRound(project);
  if (!round || round.returnedAt !== null || !(ROUND_OPEN_STATES as readonly ProjectState[]).includes(project.state))
    return null;
  return { round, late: round.late || now.getTime() > Date.parse(round.dueAt) };
}

/** A draft nobody has acknowledged ACK_REMINDER_MS after it came in: our team is shown it as well. */
export function unacknowledged(project: Pick<Project, 'rounds' | 'state'>, now: Date): boolean {
  const round = currentRound(project);
  return (
    project.state === 'submitted' &&
    round !== undefined &&
    now.getTime() >= Date.parse(round.submittedAt) + ACK_REMINDER_MS
  );
}

/**
 * When a returned project becomes final by itself, if nothing happens first: 7 days, and 7 more each
 * time it was kept open, counted from the feedback, or from our team's decision on a request for help.
 */
export function autoFinalAt(project: Pick<Project, 'rounds' | 'state'>): Date | null {
  const round = currentRound(project);
  if (project.state !== 'returned' || !round?.returnedAt) return null;
  const from = round.help?.decision?.at ?? round.returnedAt;
  return new Date(Date.parse(from) + AUTO_FINAL_MS * (1 + (round.keptOpen ?? 0)));
}

/**
 * How many more times the family may keep a returned project open: none once no edit is left, as
 * there is no revision to wait for and the project holds one of its editor's slots.
 */
export function keepOpenLeft(project: Pick<Project, 'rounds' | 'state' | 'editsAllowed'>): number {
  const round = currentRound(project);
  return project.state === 'returned' && round && editsLeft(project) !== 0
    ? Math.max(0, KEEP_OPEN_TIMES - (round.keptOpen ?? 0))
    : 0;
}

export type Refusal = { status: 400 | 403 | 409; error: string };

/** Who takes a step, as a refusal names them; the parent and the student together are the family. */
const actorWords = {
  family: 'the family',
  customer: 'the parent',
  student: 'the student',
  editor: 'the editor',
  admin: 'our team',
  system: 'the timers',
} as const satisfies Record<Role | 'family', string>;

export const deliveryMessages = {
  withdrawReasonRequired: 'reason is required: say why the project is withdrawn (the family and the editor read it).',
  noEditsLeft: 'This project has no edits left.',
  /** A step refused to a role the process does not let take it: `who` names those it does (`whoMay`). */
  onlyBy: (who: string) => `Only ${who} can do that.`,
  /** The same to a student, where the parent may take the step. */
  askTheParent: (who: string) => `Only ${who} can do that: ask the parent to, on their dashboard.`,
  stale: 'This project changed meanwhile; reload it to see the latest.',
  finished: (state: ProjectState) =>
    `This project is ${projectStateLabel[state].toLowerCase()}; nothing more can be done with it.`,
  wrongState: (action: ProjectAction, state: ProjectState) =>
    `${actionLabel[action]} is not possible while the project is "${projectStateLabel[state]}".`,
  sameEditor: 'The project is already with this editor.',
  helpReasonRequired:
    'reason is required: say what disappoints you in this feedback (your editor and our team read it).',
  decisionReasonRequired: 'reason is required: say why (the family and the editor read it).',
  helpWindowClosed: `Help with feedback can be asked for within ${HELP_WINDOW_DAYS} days of receiving it: please write to us from the contact page.`,
  helpAskedAlready:
    'You asked for help with this feedback already: our team decided, and the reason is on the project.',
  keptOpenEnough: `This feedback was kept open ${KEEP_OPEN_TIMES} times already: submit a revision, or mark it final.`,
  notified: 'Saved.',
  noDraftToRemove: 'There is no draft left to remove on this project.',
  noSuchDraft: 'round: this project has no such draft',
  promptRequired: 'prompt is required with the first draft',
  noSuchUpload: 'fileId: no such upload for this project; upload the file again',
  noSuchEditor: 'editorId: no such editor',
  threadFull: `This project's thread holds its ${DELIVERY_LIMITS.messages} messages: please write to us from the contact page.`,
  familyClosed: 'The family closed its account: no message reaches them now.',
  threadClosed: `This project has been final for more than ${MESSAGES_AFTER_FINAL_MS / DAY_MS} days: its thread is closed. Please write to us from the contact page.`,
  filesClosed: (state: ProjectState) =>
    `This project is ${projectStateLabel[state].toLowerCase()}: its files are no longer available to its editor.`,
} as const;

/**
 * A project the family cancelled or withdrew keeps its files for the family and our team; a caller
 * who is only its editor no longer downloads them.
 */
export const filesClosedTo = (state: ProjectState, roles: readonly Role[]) =>
  (state === 'cancelled' || state === 'withdrawn') && roles.every((role) => role === 'editor');

/** When a final project became final; null for any other project. */
function finalAt(project: Pick<RuledProject, 'state' | 'history'>): number | null {
  const at =
    project.state === 'final' ? project.history?.findLast((event) => event.type === 'finalize')?.at : undefined;
  return at ? Date.parse(at) : null;
}

/** Until when a final project's thread takes messages; null for any other project. */
export function messagesCloseAt(project: Pick<RuledProject, 'state' | 'history'>): Date | null {
  const at = finalAt(project);
  return at === null ? null : new Date(at + MESSAGES_AFTER_FINAL_MS);
}

/** When a final project's review window closes; null for any other project. */
export function reviewWindowClosesAt(project: Pick<RuledProject, 'state' | 'history'>): Date | null {
  const at = finalAt(project);
  return at === null ? null : new Date(at + REVIEW_WINDOW_MS);
}

/** 'Submit Draft' for the first draft, 'Submit Revision' after feedback. */
export const submitLabel = (project: Pick<Project, 'rounds'>) =>
  project.rounds.length === 0 ? actionLabel.submit : REVISION_LABEL;

/** Cancelling when nothing remains to refund on the order (our team refunded it all) promises no money. */
export const CANCEL_WITHOUT_REFUND_LABEL = 'Cancel project';
export const cancelLabel = (project: { cancellation: { amountCents: number } | null }) =>
  project.cancellation?.amountCents === 0 ? CANCEL_WITHOUT_REFUND_LABEL : actionLabel.cancel;

/** What a transition checks on the project, beyond its state, and the refusal when it does not hold. */
type Guard = keyof typeof GUARDS;
/** What a transition does: to the record, to the editor's slots, to the money. */
export type Effect =
  | 'open-round'
  | 'acknowledge-round'
  | 'close-round'
  | 'keep-round-open'
  | 'post-message'
  | 'change-editor'
  | 'record-reason'
  | 'record-refund'
  | 'take-slot'
  | 'release-slot'
  | 'move-slot'
  | 'refund-by-policy'
  | 'record-earnings'
  | 'count-finished'
  | 'record-family-review'
  | 'record-editor-review'
  | 'reveal-if-both'
  | 'reveal'
  | 'record-reply'
  | 'hide-review'
  | 'publish-held'
  | 'tell-owner'
  | 'remove-draft'
  | 'add-comment'
  | 'remove-comment'
  | 'mark-comment'
  | 'record-help-request'
  | 'record-help-decision'
  | 'add-free-round';
export type Audience = 'parent' | 'student' | 'family' | 'editor' | 'previous-editor';
export type TimerName = keyof typeof TIMERS;

export interface Transition {
  name: string;
  action: ProjectAction;
  actors: readonly Role[];
  via: 'endpoint' | 'refund' | 'timer';
  from: readonly ProjectState[];
  to: ProjectState | null;
  guards: readonly Guard[];
  /** What it checks in what the step asks for and names (400 or 409 when it does not hold). */
  checks: readonly InputGuard[];
  effects: readonly Effect[];
  timers: readonly TimerName[];
  versioned: boolean;
  notices: Partial<Record<Audience, string>>;
}

type RuledProject = Pick<Project, 'state' | 'rounds' | 'editsAllowed' | 'accountClosedAt'> & {
  messages?: readonly unknown[];
  reviews?: ProjectReviews;
  history?: Pick<Project['history'][number], 'type' | 'at'>[];
};

/** Each guard refuses with its reason, or lets the transition through (null). */
export const GUARDS = {
  /** A revision needs an edit left (a Common App essay has no limit). */
  'edits-left': (p: RuledProject) => (editsLeft(p) === 0 ? deliveryMessages.noEditsLeft : null),
  /** The family cancels by itself only until its first feedback came back. */
  'editing-not-begun': (p: RuledProject) => (editsUsed(p) > 0 ? refundMessages.editingBegun : null),
  /** 'Keep it open' a few times per round, and never once no edit is left to wait for. */
  'keep-open-left': (p: RuledProject) =>
    keepOpenLeft(p) > 0 ? null : editsLeft(p) === 0 ? deliveryMessages.noEditsLeft : deliveryMessages.keptOpenEnough,
  /** A final project's thread stays open a while, so a call just arranged is not cut off. */
  'thread-open': (p: RuledProject, now: Date) => {
    if (p.state !== 'final') return null;
    const closeAt = messagesCloseAt(p);
    return closeAt && now.getTime() < closeAt.getTime() ? null : deliveryMessages.threadClosed;
  },
  /** A closed account reads nothing: nobody is left to write to. */
  'family-account-open': (p: RuledProject) => (p.accountClosedAt ? deliveryMessages.familyClosed : null),
  'thread-has-room': (p: RuledProject) =>
    (p.messages?.length ?? 0) >= DELIVERY_LIMITS.messages ? deliveryMessages.threadFull : null,
  /** Reviews are written within a window after the project became final. */
  'review-window-open': (p: RuledProject, now: Date) => {
    const closesAt = reviewWindowClosesAt(p);
    return closesAt && now.getTime() < closesAt.getTime() ? null : reviewMessages.windowClosed;
  },
  /** One review per side per project. */
  'family-not-reviewed': (p: RuledProject) => (p.reviews?.family ? reviewMessages.reviewed : null),
  'editor-not-reviewed': (p: RuledProject) => (p.reviews?.editor ? reviewMessages.reviewed : null),
  /** The editor answers a review the site shows, once. */
  'review-on-site': (p: RuledProject) =>
    p.reviews?.family && p.reviews.publishedAt && !p.reviews.hidden ? null : reviewMessages.notPublished,
  'not-replied': (p: RuledProject) => (p.reviews?.reply ? reviewMessages.replied : null),
  /** Only a review the site shows, or one held for our team, can be hidden. */
  'review-shown-or-held': (p: RuledProject) =>
    p.reviews?.family && (p.reviews.publishedAt || p.reviews.held) && !p.reviews.hidden
      ? null
      : reviewMessages.notShown,
  /** Our team publishes a held review once, unless it hid it. */
  'review-held': (p: RuledProject) => (p.reviews && awaitsTeam(p.reviews) ? null : reviewMessages.notHeld),
  /** Something the family gave is still there to remove. */
  'has-draft': (p: RuledProject) =>
    p.rounds.some((round) => round.draft.kind !== 'removed') ? null : deliveryMessages.noDraftToRemove,
  /** Help with feedback: within HELP_WINDOW_MS of its return, once a round. */
  'help-window-open': (p: RuledProject, now: Date) => {
    const round = p.rounds.at(-1);
    if (round?.help) return deliveryMessages.helpAskedAlready;
    return round?.returnedAt && now.getTime() < Date.parse(round.returnedAt) + HELP_WINDOW_MS
      ? null
      : deliveryMessages.helpWindowClosed;
  },
  /** A round holds a bounded number of comments. */
  'comments-have-room': (p: RuledProject) =>
    (p.rounds.at(-1)?.comments?.length ?? 0) >= COMMENT_LIMITS.perRound ? commentMessages.full : null,
  /** Deleting or marking a comment needs one on the round. */
  'has-comments': (p: RuledProject) => ((p.rounds.at(-1)?.comments?.length ?? 0) > 0 ? null : commentMessages.none),
} as const satisfies Record<string, (project: RuledProject, now: Date) => string | null>;

/**
 * What a step asks for, and what it names as the server found it in storage, as far as the process
 * judges it; the endpoint's schemas check its shape first.
 */
export interface StepInput {
  prompt?: string;
  reason?: string;
  round?: number;
  /** The uid of who asks: the uploads a step names are theirs. */
  by?: string;
  /** The uploads the step names, as stored: null for one there is not. */
  uploads?: readonly ({ uploadedBy: string } | null)[];
  /** The editor a reassignment names, as stored: null when there is none. */
  editor?: { id: string; name: string; shown: boolean } | null;
  /** The refund the page showed, and the one the policy gives now. */
  refundCents?: number;
  quote?: CancellationQuote;
  /** The comment a step names. */
  commentId?: string;
  /** A new comment's passage against the draft: in it, not in it, or a draft with no text to comment on. */
  passage?: 'in-draft' | 'not-in-draft' | 'no-text';
}
type InputGuard = keyof typeof INPUT_GUARDS;
type InputRuledProject = RuledProject & { editor?: { id: string } };

const invalid = (error: string | null): Refusal | null => (error ? { status: 400, error } : null);
const conflicting = (error: string | null): Refusal | null => (error ? { status: 409, error } : null);

/**
 * What a transition checks in what the step asks for and names, with its refusal when it does not
 * hold: 400 for a request that could never be taken, 409 for one the project or the site has moved
 * past since the page was drawn.
 */
const INPUT_GUARDS = {
  /** A first draft comes with the prompt it answers. */
  'prompt-with-first-draft': (p: InputRuledProject, input: StepInput) =>
    invalid(p.rounds.length === 0 && !input.prompt ? deliveryMessages.promptRequired : null),
  /** The family says why it asks for help with the feedback. */
  'help-reason-given': (_p: InputRuledProject, input: StepInput) =>
    invalid(input.reason ? null : deliveryMessages.helpReasonRequired),
  /** Our team says why it decided as it did. */
  'decision-reason-given': (_p: InputRuledProject, input: StepInput) =>
    invalid(input.reason ? null : deliveryMessages.decisionReasonRequired),
  /** Our team says why it withdraws a project. */
  'reason-given': (_p: InputRuledProject, input: StepInput) =>
    invalid(input.reason ? null : deliveryMessages.withdrawReasonRequired),
  /** A removal names a round of the project (one with no draft at all is refused by its guard, 409). */
  'round-exists': (p: InputRuledProject, input: StepInput) =>
    invalid(
      GUARDS['has-draft'](p) !== null || p.rounds.some((round) => round.n === input.round)
        ? null
        : deliveryMessages.noSuchDraft,
    ),
  /** The files a step sends are ones its sender uploaded to this project. */
  'own-uploads': (_p: InputRuledProject, input: StepInput) =>
    invalid(
      (input.uploads ?? []).every((upload) => upload !== null && upload.uploadedBy === input.by)
        ? null
        : deliveryMessages.noSuchUpload,
    ),
  /** A reassignment names an editor there is, */
  'editor-exists': (_p: InputRuledProject, input: StepInput) =>
    invalid(input.editor === null ? deliveryMessages.noSuchEditor : null),
  /** whom the site shows (a family may not be handed to an editor it cannot see), */
  'editor-on-site': (_p: InputRuledProject, input: StepInput) =>
    conflicting(input.editor && !input.editor.shown ? editorMessages.reassignToHidden(input.editor.name) : null),
  /** and who is not the project's editor already. */
  'another-editor': (p: InputRuledProject, input: StepInput) =>
    conflicting(input.editor && input.editor.id === p.editor?.id ? deliveryMessages.sameEditor : null),
  /** Never less refunded than the page said: our team's refund or the 48 hours passing change it. */
  'quote-unchanged': (_p: InputRuledProject, input: StepInput) =>
    conflicting(
      input.quote && input.refundCents !== undefined && input.refundCents !== input.quote.amountCents
        ? refundMessages.quoteChanged(input.quote)
        : null,
    ),
  /** A step on one comment names one of the round read now (a round with none is refused by its guard). */
  'comment-exists': (p: InputRuledProject, input: StepInput) =>
    conflicting(
      GUARDS['has-comments'](p) !== null || p.rounds.at(-1)?.comments?.some((c) => c.id === input.commentId)
        ? null
        : commentMessages.noSuchComment,
    ),
  /** A comment's passage is in the round's draft as the page showed it, which has text to comment on. */
  'passage-in-draft': (_p: InputRuledProject, input: StepInput) =>
    conflicting(
      input.passage === 'no-text'
        ? commentMessages.noText
        : input.passage === 'not-in-draft'
          ? commentMessages.notInDraft
          : null,
    ),
} as const satisfies Record<string, (project: InputRuledProject, input: StepInput) => Refusal | null>;

/** The first of `t`'s checks that `input` fails, as its refusal; null when all hold. */
export function inputRefusal(
  project: InputRuledProject,
  t: Pick<Transition, 'checks'>,
  input: StepInput,
): Refusal | null {
  for (const check of t.checks) {
    const refused = INPUT_GUARDS[check](project, input);
    if (refused) return refused;
  }
  return null;
}

/**
 * How a project begins, before any transition: the system, once an order is paid, makes one project
 * per unit of editing the order bought, in state `to`, its history opened with `event`. Nobody else
 * can make one.
 */
export const PAID = {
  name: 'paid',
  by: 'system',
  via: 'order',
  to: 'awaiting_draft',
  event: 'created',
  /** The first entry's note: which order paid for it. */
  note: (orderId: string) => `Paid with order ${orderId}`,
} as const satisfies {
  by: Role;
  to: ProjectState;
  event: ProjectEvent['type'];
  name: string;
  via: string;
  note: (orderId: string) => string;
};

const FAMILY: readonly Role[] = ['customer', 'student'];
type TransitionInput = Omit<Transition, 'guards' | 'checks' | 'effects' | 'timers' | 'versioned' | 'via'> &
  Partial<Transition>;
const DEFAULTS = { via: 'endpoint', guards: [], checks: [], effects: [], timers: [], versioned: true } as const;
/** The transitions with the defaults: through the endpoint, versioned, no guard, check, effect or timer. */
const withDefaults = <const T extends readonly TransitionInput[]>(list: T) =>
  list.map((t) => ({ ...DEFAULTS, ...t })) as unknown as {
    readonly [K in keyof T]: Omit<typeof DEFAULTS, keyof T[K]> & T[K];
  };

// Pure: a page that reads only the process's words and rules leaves the transitions out of its JavaScript.
export const TRANSITIONS = /* @__PURE__ */ withDefaults([
  {
    name: 'submit',
    action: 'submit',
    actors: FAMILY,
    from: ['awaiting_draft', 'returned'],
    to: 'submitted',
    guards: ['edits-left'],
    checks: ['prompt-with-first-draft', 'own-uploads'],
    effects: ['open-round', 'take-slot'],
    timers: ['ack', 'late'],
    notices: { editor: 'draft-submitted' },
  },
  {
    name: 'acknowledge',
    action: 'acknowledge',
    actors: ['editor'],
    from: ['submitted'],
    to: 'in_review',
    effects: ['acknowledge-round', 'post-message'],
    notices: { family: 'editor-working' },
  },
  {
    name: 'return',
    action: 'return',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: 'returned',
    checks: ['own-uploads'],
    effects: ['close-round'],
    timers: ['warn', 'final'],
    notices: { family: 'feedback-returned' },
  },
  {
    name: 'keep-open',
    action: 'extend',
    actors: FAMILY,
    from: ['returned'],
    to: null,
    guards: ['keep-open-left'],
    effects: ['keep-round-open'],
    timers: ['warn', 'final'],
    notices: { editor: 'kept-open' },
  },
  {
    name: 'finalize',
    action: 'finalize',
    actors: FAMILY,
    from: ['returned'],
    to: 'final',
    effects: ['release-slot', 'record-earnings', 'count-finished'],
    timers: ['nudge', 'reveal'],
    notices: { editor: 'marked-final', family: 'review-invite' },
  },
  {
    name: 'auto-finalize',
    action: 'finalize',
    actors: ['system'],
    via: 'timer',
    from: ['returned'],
    to: 'final',
    effects: ['release-slot', 'record-earnings', 'count-finished'],
    timers: ['nudge', 'reveal'],
    notices: { family: 'final-by-itself', editor: 'final-by-itself' },
  },
  {
    name: 'team-finalize',
    action: 'finalize',
    actors: ['admin'],
    from: OPEN_STATES,
    to: 'final',
    effects: ['release-slot', 'record-earnings', 'count-finished'],
    timers: ['nudge', 'reveal'],
    notices: { family: 'final-by-team', editor: 'final-by-team' },
  },
  {
    name: 'withdraw',
    action: 'withdraw',
    actors: ['customer'],
    from: OPEN_STATES,
    to: 'withdrawn',
    effects: ['record-reason', 'release-slot', 'record-earnings'],
    notices: { editor: 'withdrawn-by-family' },
  },
  {
    // The reason is required of our team: the family and the editor read it.
    name: 'team-withdraw',
    action: 'withdraw',
    actors: ['admin'],
    from: OPEN_STATES,
    to: 'withdrawn',
    checks: ['reason-given'],
    effects: ['record-reason', 'release-slot', 'record-earnings'],
    notices: { family: 'withdrawn-by-team', editor: 'withdrawn-by-team' },
  },
  {
    // The refund the cancellation policy gives at the moment of cancelling.
    name: 'cancel',
    action: 'cancel',
    actors: ['customer'],
    from: OPEN_STATES,
    to: 'cancelled',
    guards: ['editing-not-begun'],
    checks: ['quote-unchanged'],
    effects: ['record-refund', 'release-slot', 'refund-by-policy', 'record-earnings'],
    notices: { editor: 'cancelled-by-family', parent: 'cancelled-by-family', student: 'cancelled-by-parent' },
  },
  {
    // Whatever editing has happened: the refund of the order says how much comes back.
    name: 'team-cancel',
    action: 'cancel',
    actors: ['admin'],
    via: 'refund',
    from: OPEN_STATES,
    to: 'cancelled',
    effects: ['release-slot', 'record-earnings'],
    notices: { editor: 'cancelled-by-team', family: 'cancelled-by-team' },
  },
  {
    name: 'message-from-family',
    action: 'message',
    actors: FAMILY,
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { editor: 'message' },
  },
  {
    name: 'message-from-editor',
    action: 'message',
    actors: ['editor'],
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['family-account-open', 'thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { family: 'message' },
  },
  {
    name: 'message-from-team',
    action: 'message',
    actors: ['admin'],
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['family-account-open', 'thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { family: 'message', editor: 'message' },
  },
  {
    name: 'reassign',
    action: 'reassign',
    actors: ['admin'],
    from: OPEN_STATES,
    to: null,
    checks: ['editor-exists', 'editor-on-site', 'another-editor'],
    effects: ['change-editor', 'move-slot'],
    notices: { family: 'new-editor', editor: 'assigned', 'previous-editor': 'reassigned-away' },
  },
  // Reviews, double-blind: each side writes once in the window; the family's is published when both
  // are in or the window closes, and the editor's is read by our team only. A family review whose
  // words carry contact details, a link or abuse is held instead (review-hold.ts), for our team to
  // publish or hide; the owner hears of it, and of a review scored 2 or less.
  {
    name: 'review',
    action: 'review',
    actors: FAMILY,
    from: ['final'],
    to: null,
    guards: ['review-window-open', 'family-not-reviewed'],
    effects: ['record-family-review', 'reveal-if-both', 'tell-owner'],
    versioned: false,
    notices: { editor: 'family-reviewed', family: 'review-published' },
  },
  {
    name: 'editor-review',
    action: 'review',
    actors: ['editor'],
    from: ['final'],
    to: null,
    guards: ['review-window-open', 'editor-not-reviewed'],
    effects: ['record-editor-review', 'reveal-if-both', 'tell-owner'],
    versioned: false,
    notices: { family: 'review-published', editor: 'review-revealed' },
  },
  {
    name: 'close-reviews',
    action: 'review',
    actors: ['system'],
    via: 'timer',
    from: ['final'],
    to: null,
    effects: ['reveal', 'tell-owner'],
    versioned: false,
    notices: { family: 'review-published', editor: 'review-revealed' },
  },
  {
    name: 'reply',
    action: 'reply',
    actors: ['editor'],
    from: ['final'],
    to: null,
    guards: ['review-on-site', 'not-replied'],
    effects: ['record-reply'],
    versioned: false,
    notices: { family: 'editor-replied' },
  },
  {
    // The reason is required: the family reads it. A review is never edited, only hidden.
    name: 'hide-review',
    action: 'hide-review',
    actors: ['admin'],
    from: ['final'],
    to: null,
    guards: ['review-shown-or-held'],
    effects: ['hide-review'],
    versioned: false,
    notices: { family: 'review-hidden' },
  },
  {
    name: 'publish-review',
    action: 'publish-review',
    actors: ['admin'],
    from: ['final'],
    to: null,
    guards: ['review-held'],
    effects: ['publish-held'],
    versioned: false,
    notices: { family: 'review-published', editor: 'review-revealed' },
  },
  {
    // The family removes what it gave, in any state: the draft's words and files are deleted, the
    // round stays with a note. Not versioned: it never makes the editor's next step stale.
    name: 'remove-draft',
    action: 'remove-draft',
    actors: FAMILY,
    from: [...OPEN_STATES, 'final', 'withdrawn', 'cancelled'],
    to: null,
    guards: ['has-draft'],
    checks: ['round-exists'],
    effects: ['remove-draft'],
    versioned: false,
    notices: { editor: 'draft-removed' },
  },
  // Comments on passages of the draft: the editor's drafts of the feedback while the round is being
  // edited, returned with the notes; then the family marks each done or not. No notice: the return's
  // notice is the family's word that there is feedback, comments included.
  {
    name: 'comment',
    action: 'comment',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: null,
    guards: ['comments-have-room'],
    checks: ['passage-in-draft'],
    effects: ['add-comment'],
    versioned: false,
    notices: {},
  },
  {
    name: 'remove-comment',
    action: 'remove-comment',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: null,
    guards: ['has-comments'],
    checks: ['comment-exists'],
    effects: ['remove-comment'],
    versioned: false,
    notices: {},
  },
  {
    name: 'mark-comment',
    action: 'mark-comment',
    actors: FAMILY,
    from: ['returned'],
    to: null,
    guards: ['has-comments'],
    checks: ['comment-exists'],
    effects: ['mark-comment'],
    versioned: false,
    notices: {},
  },
  // The promise when feedback disappoints (HELP_PROMISE): the family asks within the window, once a
  // round, which stops the clock that makes the essay final; the editor answers in the thread (a
  // reassignment moves the project and its slot to another editor); our team decides, and the clock
  // starts again from the decision. A refund goes through the order's refund, which cancels the project.
  {
    name: 'ask-for-help',
    action: 'ask-for-help',
    actors: FAMILY,
    from: ['returned'],
    to: 'help_requested',
    guards: ['help-window-open'],
    checks: ['help-reason-given'],
    effects: ['record-help-request'],
    notices: { editor: 'help-asked', family: 'help-asked' },
  },
  {
    name: 'grant-round',
    action: 'grant-round',
    actors: ['admin'],
    from: ['help_requested'],
    to: 'returned',
    checks: ['decision-reason-given'],
    effects: ['record-help-decision', 'add-free-round'],
    timers: ['warn', 'final'],
    notices: { family: 'help-granted', editor: 'help-granted' },
  },
  {
    name: 'close-help',
    action: 'close-help',
    actors: ['admin'],
    from: ['help_requested'],
    to: 'returned',
    checks: ['decision-reason-given'],
    effects: ['record-help-decision'],
    timers: ['warn', 'final'],
    notices: { family: 'help-closed', editor: 'help-closed' },
  },
]);

export type TransitionName = (typeof TRANSITIONS)[number]['name'];
type NoticesOf<T> = T extends { notices: infer N } ? N[keyof N] : never;
/** Every notice the process sends, by name: each has its wording on the server. */
export type TransitionNoticeName = NoticesOf<(typeof TRANSITIONS)[number]>;
export type TimerNoticeName = NoticesOf<(typeof TIMERS)[TimerName]>;

interface Timer {
  /** When it fires, from the project as the transition that set it left it. */
  at: (project: Project) => Date;
  /** It does nothing once the project left these states or its round (the transition that set it is history). */
  while: readonly ProjectState[];
  /** Who it tells, once per mark: the notices' wording is on the server, by these names. */
  notices: Partial<Record<Audience, string>>;
}

/** A timer that takes a transition of the system's (`via: 'timer'`), with its guards and effects. */
interface TakingTimer extends Timer {
  takes: string;
}

/**
 * A timer that marks the project: a history entry and a change that records it was done, in one
 * compare-and-set that keeps the version (nothing a person acts on changed). Marked already, it only
 * sends what it owes, under the same ids, so a run cut off after marking tells once.
 */
interface MarkingTimer extends Timer {
  marks: {
    event: ProjectEvent['type'];
    done: (project: Project, round: Round) => boolean;
    change: (project: Project, round: Round) => Partial<Project>;
    /** The id of its notices, once per mark. */
    id: (project: Project, round: Round) => string;
  };
  /** It reads no round, so it acts on a project without one (our team made it final before any draft). */
  roundless?: true;
  /** The owner hears of what it marks, once per mark (server/owner-notices.ts). */
  tellsOwner?: true;
}

const REVIEW_WINDOW_LEFT_AT_REMINDER_MS = REVIEW_WINDOW_MS - REVIEW_REMINDER_MS;

/** The process's clocks, each set by the transitions that name it and keyed by the round. */
export const TIMERS = {
  /** The family was promised contact within 24 hours of a draft: the editor is reminded first. */
  ack: {
    at: (p: Project) => new Date(Date.parse(currentRound(p)!.submittedAt) + ACK_REMINDER_MS),
    while: ['submitted'],
    marks: {
      event: 'ack_reminder',
      done: (p: Project, round: Round) => p.reminders.ackRound === round.n,
      change: (p: Project, round: Round) => ({ reminders: { ...p.reminders, ackRound: round.n } }),
      id: (_p: Project, round: Round) => `ack-r${round.n}`,
    },
    notices: { editor: 'ack-reminder' },
  },
  /** The round's feedback is past due: flagged, for the family's page and the reports; the owner hears of it. */
  late: {
    at: (p: Project) => new Date(currentRound(p)!.dueAt),
    while: ['submitted', 'in_review'],
    marks: {
      event: 'late',
      done: (_p: Project, round: Round) => round.returnedAt !== null || round.late,
      change: (p: Project, round: Round) => ({
        rounds: p.rounds.map((r) => (r.n === round.n ? { ...r, late: true } : r)),
      }),
      id: (_p: Project, round: Round) => `late-r${round.n}`,
    },
    notices: {},
    tellsOwner: true,
  },
  /** Before returned feedback becomes final by itself, the family is warned. */
  warn: {
    at: (p: Project) => new Date(autoFinalAt(p)!.getTime() - AUTO_FINAL_WARNING_MS),
    while: ['returned'],
    // One warning per final time: a project kept open is warned again before its new one.
    marks: {
      event: 'auto_final_warning',
      done: (p: Project, round: Round) =>
        p.reminders.warnRound === round.n &&
        (p.reminders.warnKeptOpen ?? 0) === (round.keptOpen ?? 0) &&
        p.reminders.warnDecidedAt === round.help?.decision?.at,
      change: (p: Project, round: Round) => ({
        reminders: {
          ...p.reminders,
          warnRound: round.n,
          warnKeptOpen: round.keptOpen ?? 0,
          warnDecidedAt: round.help?.decision?.at,
        },
      }),
      id: (_p: Project, round: Round) =>
        `warn-r${round.n}${round.keptOpen ? `-k${round.keptOpen}` : ''}${round.help?.decision ? '-h' : ''}`,
    },
    notices: { family: 'auto-final-warning' },
  },
  /** Seven days after feedback (more when kept open) with no new draft, the essay is final. */
  final: {
    at: (p: Project) => autoFinalAt(p)!,
    while: ['returned'],
    takes: 'auto-finalize',
    notices: {},
  },
  /** Whoever has not reviewed yet is reminded once, a few days before the review window closes. */
  nudge: {
    at: (p: Project) => new Date(reviewWindowClosesAt(p)!.getTime() - REVIEW_WINDOW_LEFT_AT_REMINDER_MS),
    while: ['final'],
    marks: {
      event: 'review_reminder',
      done: (p: Project) => p.reminders.reviewReminder === true,
      change: (p: Project) => ({ reminders: { ...p.reminders, reviewReminder: true } }),
      id: () => 'review-reminder',
    },
    roundless: true,
    notices: { family: 'review-reminder', editor: 'review-reminder' },
  },
  /** The review window closes: what was written is published, and nothing more can be. */
  reveal: {
    at: (p: Project) => reviewWindowClosesAt(p)!,
    while: ['final'],
    takes: 'close-reviews',
    notices: {},
  },
} as const satisfies Record<string, TakingTimer | MarkingTimer>;

export type ProcessTransition = (typeof TRANSITIONS)[number];

export const transitionNamed = (name: TransitionName): ProcessTransition => TRANSITIONS.find((t) => t.name === name)!;

/** The transition `role` takes for `action` through the endpoint, if any. */
export const endpointTransition = (action: ProjectAction, role: Role): ProcessTransition | undefined =>
  TRANSITIONS.find((t) => t.via === 'endpoint' && t.action === action && (t.actors as readonly Role[]).includes(role));

/** The state a transition leads to from `from`. */
export const stateAfter = (t: Pick<Transition, 'to'>, from: ProjectState): ProjectState => t.to ?? from;

/** Why `t` may not be taken now (its states, then its guards), or null when it may; the actor was checked before. */
export function transitionRefusal(project: RuledProject, t: Transition, now = new Date()): Refusal | null {
  if (!t.from.includes(project.state))
    return {
      status: 409,
      error: isTerminal(project.state)
        ? deliveryMessages.finished(project.state)
        : deliveryMessages.wrongState(t.action, project.state),
    };
  for (const guard of t.guards) {
    const error = GUARDS[guard](project, now);
    if (error) return { status: 409, error };
  }
  return null;
}

const WORD_ORDER = ['family', 'customer', 'student', 'editor', 'admin', 'system'] as const;

/** `actors` in a refusal's words, the family first and our team last: 'the family or our team'. */
export function whoMay(actors: readonly Role[]): string {
  const family = actors.includes('customer') && actors.includes('student');
  const words = WORD_ORDER.filter((word) =>
    word === 'family' ? family : actors.includes(word) && !(family && (word === 'customer' || word === 'student')),
  ).map((word) => actorWords[word]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

/** The refusal of `action` to a role that may not take it: it names who may, and tells a student to ask the parent. */
function notTheirs(action: ProjectAction, role: Role): string {
  const actors = TRANSITIONS.filter((t) => t.via === 'endpoint' && t.action === action).flatMap((t) => t.actors);
  const who = whoMay(actors);
  return role === 'student' && actors.includes('customer')
    ? deliveryMessages.askTheParent(who)
    : deliveryMessages.onlyBy(who);
}

/** Why `role` may not take `action` through the endpoint at `now`, or null when it may. */
export function refusal(project: RuledProject, action: ProjectAction, role: Role, now = new Date()): Refusal | null {
  const t = endpointTransition(action, role);
  if (!t) return { status: 403, error: notTheirs(action, role) };
  return transitionRefusal(project, t, now);
}

/**
 * A review by someone who edits the project and is also its family (its customer or student): refused
 * in every capacity, whenever they became its editor. Null when the caller's roles hold no conflict.
 */
export function conflictRefusal(action: ProjectAction, roles: readonly Role[]): Refusal | null {
  const family = roles.includes('customer') || roles.includes('student');
  return action === 'review' && family && roles.includes('editor')
    ? { status: 403, error: conflictMessages.ownReview }
    : null;
}

/** The actions `role` can take now: what the pages show as buttons. */
export const availableActions = (project: RuledProject, role: Role, now = new Date()) =>
  PROJECT_ACTIONS.filter((action) => refusal(project, action, role, now) === null);
