/**
 * The project process, whole: every transition a project can take, who takes it, from which states
 * and under which guards, what it does (effects), which timers it sets, and who is told. Everything
 * else reads this file: the endpoint and the timers apply a transition generically, the pages show
 * the actions it allows, and docs/architecture.md's diagram is generated from it.
 *
 * - `actors`: who may take it ('customer' is the parent who bought, 'student' the student they
 *   invited, 'system' the timers).
 * - `via`: how it is asked for. 'endpoint': a button and `POST /api/projects/:id/:action`. 'refund':
 *   only by our team's refund of the order, which carries the money. 'timer': only when its timer fires.
 * - `to`: the state after; null keeps the state.
 * - `versioned`: the step names the version it was taken on (409 when stale) and bumps it; a message
 *   does neither, so it never makes the other party's next step stale.
 * - `notices`: who is e-mailed, by the name of what they read (`server/notices.ts`).
 *   'family' is the parent and, once invited, the student; 'parent' is the parent alone, 'student' the
 *   invited student alone.
 */
import { conflictMessages } from '#lib/conflicts';
import { COMMENT_LIMITS, commentMessages } from '#lib/essay-comments';
import { refundMessages } from '#lib/refunds';
import {
  REVIEW_REMINDER_MS,
  REVIEW_WINDOW_MS,
  reviewMessages,
  reviewWindowClosesAt,
  type ProjectReviews,
} from '#lib/reviews';
import {
  actorWords,
  deliveryMessages,
  editsLeft,
  editsUsed,
  isTerminal,
  keepOpenLeft,
  messagesCloseAt,
  PROJECT_ACTIONS,
  DELIVERY_LIMITS,
  ACK_REMINDER_MS,
  AUTO_FINAL_WARNING_MS,
  autoFinalAt,
  currentRound,
  type Project,
  type ProjectAction,
  type ProjectState,
  type Refusal,
  type Role,
} from './project';

/** The states in which work goes on: anything but final, withdrawn and cancelled. */
export const OPEN_STATES = ['awaiting_draft', 'submitted', 'in_review', 'returned'] as const;

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
  | 'record-family-review'
  | 'record-editor-review'
  | 'reveal-if-both'
  | 'reveal'
  | 'record-reply'
  | 'hide-review'
  | 'remove-draft'
  | 'add-comment'
  | 'remove-comment'
  | 'mark-comment';
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
  /** Only a review the site shows can be hidden. */
  'review-shown': (p: RuledProject) =>
    p.reviews?.family && p.reviews.publishedAt && !p.reviews.hidden ? null : reviewMessages.notShown,
  /** Something the family gave is still there to remove. */
  'has-draft': (p: RuledProject) =>
    p.rounds.some((round) => round.draft.kind !== 'removed') ? null : deliveryMessages.noDraftToRemove,
  /** A round holds a bounded number of comments. */
  'comments-have-room': (p: RuledProject) =>
    (p.rounds.at(-1)?.comments?.length ?? 0) >= COMMENT_LIMITS.perRound ? commentMessages.full : null,
  /** Deleting or marking a comment needs one on the round. */
  'has-comments': (p: RuledProject) => ((p.rounds.at(-1)?.comments?.length ?? 0) > 0 ? null : commentMessages.none),
} as const satisfies Record<string, (project: RuledProject, now: Date) => string | null>;

const FAMILY: readonly Role[] = ['customer', 'student'];
type TransitionInput = Omit<Transition, 'guards' | 'effects' | 'timers' | 'versioned' | 'via'> & Partial<Transition>;
const DEFAULTS = { via: 'endpoint', guards: [], effects: [], timers: [], versioned: true } as const;
/** A transition with the defaults: through the endpoint, versioned, no guard, effect or timer. */
const transition = <const T extends TransitionInput>(t: T) =>
  ({ ...DEFAULTS, ...t }) as Omit<typeof DEFAULTS, keyof T> & T;

export const TRANSITIONS = [
  transition({
    name: 'submit',
    action: 'submit',
    actors: FAMILY,
    from: ['awaiting_draft', 'returned'],
    to: 'submitted',
    guards: ['edits-left'],
    effects: ['open-round', 'take-slot'],
    timers: ['ack', 'late'],
    notices: { editor: 'draft-submitted' },
  }),
  transition({
    name: 'acknowledge',
    action: 'acknowledge',
    actors: ['editor'],
    from: ['submitted'],
    to: 'in_review',
    effects: ['acknowledge-round', 'post-message'],
    notices: { family: 'editor-working' },
  }),
  transition({
    name: 'return',
    action: 'return',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: 'returned',
    effects: ['close-round'],
    timers: ['warn', 'final'],
    notices: { family: 'feedback-returned' },
  }),
  transition({
    name: 'keep-open',
    action: 'extend',
    actors: FAMILY,
    from: ['returned'],
    to: null,
    guards: ['keep-open-left'],
    effects: ['keep-round-open'],
    timers: ['warn', 'final'],
    notices: { editor: 'kept-open' },
  }),
  transition({
    name: 'finalize',
    action: 'finalize',
    actors: FAMILY,
    from: ['returned'],
    to: 'final',
    effects: ['release-slot'],
    timers: ['nudge', 'reveal'],
    notices: { editor: 'marked-final', family: 'review-invite' },
  }),
  transition({
    name: 'auto-finalize',
    action: 'finalize',
    actors: ['system'],
    via: 'timer',
    from: ['returned'],
    to: 'final',
    effects: ['release-slot'],
    timers: ['nudge', 'reveal'],
    notices: { family: 'final-by-itself', editor: 'final-by-itself' },
  }),
  transition({
    name: 'team-finalize',
    action: 'finalize',
    actors: ['admin'],
    from: OPEN_STATES,
    to: 'final',
    effects: ['release-slot'],
    timers: ['nudge', 'reveal'],
    notices: { family: 'final-by-team', editor: 'final-by-team' },
  }),
  transition({
    name: 'withdraw',
    action: 'withdraw',
    actors: ['customer'],
    from: OPEN_STATES,
    to: 'withdrawn',
    effects: ['record-reason', 'release-slot'],
    notices: { editor: 'withdrawn-by-family' },
  }),
  transition({
    // The reason is required of our team: the family and the editor read it.
    name: 'team-withdraw',
    action: 'withdraw',
    actors: ['admin'],
    from: OPEN_STATES,
    to: 'withdrawn',
    effects: ['record-reason', 'release-slot'],
    notices: { family: 'withdrawn-by-team', editor: 'withdrawn-by-team' },
  }),
  transition({
    // The refund the cancellation policy gives at the moment of cancelling.
    name: 'cancel',
    action: 'cancel',
    actors: ['customer'],
    from: OPEN_STATES,
    to: 'cancelled',
    guards: ['editing-not-begun'],
    effects: ['record-refund', 'release-slot', 'refund-by-policy'],
    notices: { editor: 'cancelled-by-family', parent: 'cancelled-by-family', student: 'cancelled-by-parent' },
  }),
  transition({
    // Whatever editing has happened: the refund of the order says how much comes back.
    name: 'team-cancel',
    action: 'cancel',
    actors: ['admin'],
    via: 'refund',
    from: OPEN_STATES,
    to: 'cancelled',
    effects: ['release-slot'],
    notices: { editor: 'cancelled-by-team', family: 'cancelled-by-team' },
  }),
  transition({
    name: 'message-from-family',
    action: 'message',
    actors: FAMILY,
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { editor: 'message' },
  }),
  transition({
    name: 'message-from-editor',
    action: 'message',
    actors: ['editor'],
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['family-account-open', 'thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { family: 'message' },
  }),
  transition({
    name: 'message-from-team',
    action: 'message',
    actors: ['admin'],
    from: [...OPEN_STATES, 'final'],
    to: null,
    guards: ['family-account-open', 'thread-open', 'thread-has-room'],
    effects: ['post-message'],
    versioned: false,
    notices: { family: 'message', editor: 'message' },
  }),
  transition({
    name: 'reassign',
    action: 'reassign',
    actors: ['admin'],
    from: OPEN_STATES,
    to: null,
    effects: ['change-editor', 'move-slot'],
    notices: { family: 'new-editor', editor: 'assigned', 'previous-editor': 'reassigned-away' },
  }),
  // Reviews, double-blind: each side writes once in the window; the family's is published when both
  // are in or the window closes, and the editor's is read by our team only.
  transition({
    name: 'review',
    action: 'review',
    actors: FAMILY,
    from: ['final'],
    to: null,
    guards: ['review-window-open', 'family-not-reviewed'],
    effects: ['record-family-review', 'reveal-if-both'],
    versioned: false,
    notices: { editor: 'family-reviewed', family: 'review-published' },
  }),
  transition({
    name: 'editor-review',
    action: 'review',
    actors: ['editor'],
    from: ['final'],
    to: null,
    guards: ['review-window-open', 'editor-not-reviewed'],
    effects: ['record-editor-review', 'reveal-if-both'],
    versioned: false,
    notices: { family: 'review-published', editor: 'review-revealed' },
  }),
  transition({
    name: 'close-reviews',
    action: 'review',
    actors: ['system'],
    via: 'timer',
    from: ['final'],
    to: null,
    effects: ['reveal'],
    versioned: false,
    notices: { family: 'review-published', editor: 'review-revealed' },
  }),
  transition({
    name: 'reply',
    action: 'reply',
    actors: ['editor'],
    from: ['final'],
    to: null,
    guards: ['review-on-site', 'not-replied'],
    effects: ['record-reply'],
    versioned: false,
    notices: { family: 'editor-replied' },
  }),
  transition({
    // The reason is required: the family reads it. A review is never edited, only hidden.
    name: 'hide-review',
    action: 'hide-review',
    actors: ['admin'],
    from: ['final'],
    to: null,
    guards: ['review-shown'],
    effects: ['hide-review'],
    versioned: false,
    notices: { family: 'review-hidden' },
  }),
  transition({
    // The family removes what it gave, in any state: the draft's words and files are deleted, the
    // round stays with a note. Not versioned: it never makes the editor's next step stale.
    name: 'remove-draft',
    action: 'remove-draft',
    actors: FAMILY,
    from: [...OPEN_STATES, 'final', 'withdrawn', 'cancelled'],
    to: null,
    guards: ['has-draft'],
    effects: ['remove-draft'],
    versioned: false,
    notices: { editor: 'draft-removed' },
  }),
  // Comments on passages of the draft: the editor's drafts of the feedback while the round is being
  // edited, returned with the notes; then the family marks each done or not. No notice: the return's
  // notice is the family's word that there is feedback, comments included.
  transition({
    name: 'comment',
    action: 'comment',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: null,
    guards: ['comments-have-room'],
    effects: ['add-comment'],
    versioned: false,
    notices: {},
  }),
  transition({
    name: 'remove-comment',
    action: 'remove-comment',
    actors: ['editor'],
    from: ['submitted', 'in_review'],
    to: null,
    guards: ['has-comments'],
    effects: ['remove-comment'],
    versioned: false,
    notices: {},
  }),
  transition({
    name: 'mark-comment',
    action: 'mark-comment',
    actors: FAMILY,
    from: ['returned'],
    to: null,
    guards: ['has-comments'],
    effects: ['mark-comment'],
    versioned: false,
    notices: {},
  }),
] as const;

export type TransitionName = (typeof TRANSITIONS)[number]['name'];
type NoticesOf<T> = T extends { notices: infer N } ? N[keyof N] : never;
/** Every notice the process sends, by name: each has its wording on the server. */
export type TransitionNoticeName = NoticesOf<(typeof TRANSITIONS)[number]>;
export type TimerNoticeName = NoticesOf<(typeof TIMERS)[TimerName]>;

export interface Timer {
  /** When it fires, from the project as the transition that set it left it. */
  at: (project: Project) => Date;
  /** It does nothing once the project left these states or its round (the transition that set it is history). */
  while: readonly ProjectState[];
  /** What it does, once per round: mark the round, tell someone, or take a transition. */
  does: 'remind-editor' | 'mark-late' | 'warn-family' | 'auto-finalize' | 'remind-reviewers' | 'close-reviews';
  notices: Partial<Record<Audience, string>>;
}

const REVIEW_WINDOW_LEFT_AT_REMINDER_MS = REVIEW_WINDOW_MS - REVIEW_REMINDER_MS;

/** The process's clocks, each set by the transitions that name it and keyed by the round. */
export const TIMERS = {
  /** The family was promised contact within 24 hours of a draft: the editor is reminded first. */
  ack: {
    at: (p: Project) => new Date(Date.parse(currentRound(p)!.submittedAt) + ACK_REMINDER_MS),
    while: ['submitted'],
    does: 'remind-editor',
    notices: { editor: 'ack-reminder' },
  },
  /** The round's feedback is past due: flagged, for the family's page and the reports. */
  late: {
    at: (p: Project) => new Date(currentRound(p)!.dueAt),
    while: ['submitted', 'in_review'],
    does: 'mark-late',
    notices: {},
  },
  /** Before returned feedback becomes final by itself, the family is warned. */
  warn: {
    at: (p: Project) => new Date(autoFinalAt(p)!.getTime() - AUTO_FINAL_WARNING_MS),
    while: ['returned'],
    does: 'warn-family',
    notices: { family: 'auto-final-warning' },
  },
  /** Seven days after feedback (more when kept open) with no new draft, the essay is final. */
  final: {
    at: (p: Project) => autoFinalAt(p)!,
    while: ['returned'],
    does: 'auto-finalize',
    notices: {},
  },
  /** Whoever has not reviewed yet is reminded once, a few days before the review window closes. */
  nudge: {
    at: (p: Project) => new Date(reviewWindowClosesAt(p)!.getTime() - REVIEW_WINDOW_LEFT_AT_REMINDER_MS),
    while: ['final'],
    does: 'remind-reviewers',
    notices: { family: 'review-reminder', editor: 'review-reminder' },
  },
  /** The review window closes: what was written is published, and nothing more can be. */
  reveal: {
    at: (p: Project) => reviewWindowClosesAt(p)!,
    while: ['final'],
    does: 'close-reviews',
    notices: {},
  },
} as const satisfies Record<string, Timer>;

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
