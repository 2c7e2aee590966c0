/**
 * Delivery (docs/decisions/016-delivery-projects.md): what a project is, which role may take which step from which state, how
 * many edits are left and when each round is due. One pure module: the functions decide with it,
 * the pages use it only to show the actions a project offers. No zod and no browser or Netlify
 * imports, so every island can use it.
 */
import type { EssayComment } from '#lib/essay';
import { LIMITED_EDITS, serviceById, type ServiceId } from '#lib/catalogue';
import type { CancellationQuote } from '#lib/refunds';
import { DAY_MS, HOUR_MS } from '#lib/time';
import type { ProjectReviews } from '#lib/reviews';
import { normalizeEmail } from '#lib/email';
import { site } from '#lib/site';
import { ACCOUNT_CLOSED, RETENTION_WORDS } from '#lib/privacy';

export const PROJECT_STATES = [
  'awaiting_draft',
  'submitted',
  'in_review',
  'returned',
  'final',
  'withdrawn',
  'cancelled',
] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** How a state reads to people (the customer's dashboard, the editor's inbox, the admin's list). */
export const projectStateLabel: Record<ProjectState, string> = {
  awaiting_draft: 'Waiting for your draft',
  submitted: 'Draft submitted',
  // Not 'being edited': the policy lets a family cancel until feedback comes back, and says it so.
  in_review: 'In review',
  returned: 'Feedback returned',
  final: 'Final',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
};

/** The same states as the editor reads them: what is asked of them. */
export const editorStateLabel: Record<ProjectState, string> = {
  awaiting_draft: 'Waiting for the draft',
  submitted: 'New draft: acknowledge it',
  in_review: 'In review',
  returned: 'Feedback returned',
  final: 'Final',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
};

const TERMINAL_STATES: readonly ProjectState[] = ['final', 'withdrawn', 'cancelled'];
export const isTerminal = (state: ProjectState) => TERMINAL_STATES.includes(state);
/** Finished: made final. A withdrawn or cancelled project ended too, but unfinished; nothing counts it as finished. */
export const isFinished = (state: ProjectState) => state === 'final';
/** States in which a slot-counting project occupies one of its editor's active slots. */
export const isActive = (state: ProjectState) => state === 'submitted' || state === 'in_review' || state === 'returned';

/**
 * Who acts on a project: its family's parent (`customer`, the buyer: orders, payments, refunds), the
 * student the parent invited (`student`: their own essays), its editor, our team, or the timers.
 */
export type Role = 'customer' | 'student' | 'editor' | 'admin' | 'system';

export const PROJECT_ACTIONS = [
  'submit',
  'acknowledge',
  'return',
  'finalize',
  'extend',
  'withdraw',
  'cancel',
  'message',
  'reassign',
  'review',
  'reply',
  'hide-review',
  'remove-draft',
  'comment',
  'remove-comment',
  'mark-comment',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

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
  'remove-draft': 'Remove draft',
  comment: 'Save Comment',
  'remove-comment': 'Delete Comment',
  'mark-comment': 'Done',
};
const REVISION_LABEL = 'Submit Revision';

/** Rounds of feedback included per unit of `service` (null: unlimited), as the catalogue sells them. */
export const editsIncluded = (service: ServiceId): number | null => serviceById(service)!.edits;

/**
 * The edit rules of what was bought, as the confirmation promises them: 'unlimited
 * revisions for your Common App essay; 3 edits for each supplemental essay and for your activity list'.
 * Only the services of the order are named.
 */
export function editRules(services: readonly { id: ServiceId; quantity: number }[]): string {
  const has = (id: ServiceId) => services.find((s) => s.id === id);
  const unlimited = has('common-app-essay') ? 'unlimited revisions for your Common App essay' : null;
  const supplements = services
    .filter((s) => s.id === 'supplement-large' || s.id === 'supplement-small')
    .reduce((n, s) => n + s.quantity, 0);
  const activityLists = has('activity-list')?.quantity ?? 0;
  const limited = [
    supplements === 1 ? 'your supplemental essay' : supplements > 1 ? 'each supplemental essay' : null,
    activityLists === 1 ? 'your activity list' : activityLists > 1 ? 'each activity list' : null,
  ].filter((part): part is string => part !== null);
  const counted = limited.length > 0 ? `${LIMITED_EDITS} edits for ${limited.join(' and for ')}` : null;
  return [unlimited, counted].filter(Boolean).join('; ');
}

/**
 * Whether a project occupies one of its editor's active slots while active: never an activity list,
 * never one bought while the editor was full.
 */
export const takesSlot = (project: { service: { id: ServiceId }; boughtWhileFull: boolean }) =>
  project.service.id !== 'activity-list' && !project.boughtWhileFull;

/** Turnaround of one round of feedback, from the speed upgrade owned when the draft comes in. */
const TURNAROUND_HOURS = { standard: 5 * 24, '48hr': 48, '24hr': 24 } as const;
export type TurnaroundKind = keyof typeof TURNAROUND_HOURS;

export { DAY_MS, HOUR_MS } from '#lib/time';
/** The editor is reminded this long after a submission nobody has acknowledged (the 24-hour promise). */
export const ACK_REMINDER_MS = 20 * HOUR_MS;
/** Feedback with no new draft becomes final after this; the customer is warned AUTO_FINAL_WARNING_MS before. */
export const AUTO_FINAL_MS = 7 * DAY_MS;
export const AUTO_FINAL_WARNING_MS = 2 * DAY_MS;
/** 'Keep it open' puts that off by AUTO_FINAL_MS more, this many times per round of feedback. */
const KEEP_OPEN_TIMES = 3;

/** The rule in words, where a service is sold and in every feedback e-mail. */
export const AUTO_FINAL_RULE =
  'After each round of feedback you have 7 days to send your next draft before the essay becomes final by itself; ' +
  `Keep it open adds 7 more days, up to ${KEEP_OPEN_TIMES} times.`;

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
} as const;

/** A final project's thread stays open this long after it became final: a call just arranged is not cut off. */
const MESSAGES_AFTER_FINAL_MS = 14 * DAY_MS;

/** Messages to one party within this of the last one e-mailed are not e-mailed one by one. */
export const MESSAGE_MAIL_BURST_MS = 10 * 60_000;

/** Files a draft or feedback may be: judged by their bytes on the server. */
export const PROJECT_FILE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  txt: 'text/plain',
  rtf: 'application/rtf',
} as const;
export type ProjectFileKind = keyof typeof PROJECT_FILE_TYPES;
export const PROJECT_FILE_ACCEPT = Object.keys(PROJECT_FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export const fileMessages = {
  tooLarge: 'The file is larger than 5 MB.',
  wrongType: 'Upload a .docx, .pdf, .txt or .rtf file.',
  notItsType: (kind: ProjectFileKind) => `This file is not a .${kind} file inside: save it again as one.`,
  empty: 'The file is empty.',
  notNow: 'This project takes no file right now.',
} as const;

export interface FileRef {
  id: string;
  name: string;
  kind: ProjectFileKind;
  bytes: number;
}

/** A draft removed by its family, or by the retention run: its words and files are deleted, the round says when. */
export interface RemovedDraft {
  kind: 'removed';
  at: string;
  /** 'closure': its family closed their account. */
  by: 'family' | 'retention' | 'closure';
}

export type Draft =
  { kind: 'text'; text: string } | { kind: 'file'; file: FileRef } | { kind: 'link'; url: string } | RemovedDraft;

/** What every project page shows in place of a removed draft, with the date as the page writes dates. */
export const removedDraftText = (draft: RemovedDraft, date: string) =>
  draft.by === 'family'
    ? `Removed by the family on ${date}`
    : draft.by === 'closure'
      ? retentionMessages.closed(date)
      : retentionMessages.deleted(date);

/** What the project pages say of the retention period's deletion, before and after. */
export const retentionMessages = {
  deleted: (date: string) => `Deleted after ${RETENTION_WORDS.projectContent} on ${date}`,
  closed: (date: string) => `Deleted when the family closed its account on ${date}`,
  warning: (date: string) => `This project's drafts, files and messages will be deleted on ${date}.`,
};

export interface Round {
  n: number;
  submittedAt: string;
  prompt: string;
  draft: Draft;
  /** The prompt's word limit the family stated; absent or null is none. */
  wordLimit?: number | null;
  turnaround: TurnaroundKind;
  dueAt: string;
  acknowledgedAt: string | null;
  returnedAt: string | null;
  notes: string | null;
  files: FileRef[];
  /** Set once the round was past due without feedback (by the timers or by a late return). */
  late: boolean;
  /** The editor who returned it (rounds returned before it was kept have none): their on-time share counts it. */
  returnedBy?: string;
  /** How often the family kept the returned round open ('Keep it open'); absent is none. */
  keptOpen?: number;
  /** The editor's comments on passages of this round's draft; absent is none. */
  comments?: EssayComment[];
}

export interface ProjectEvent {
  at: string;
  by: Role;
  /** Who, for people: a name and a role (`personName`), our team's name, or 'system'; older entries, the family's e-mail. */
  actor: string;
  /** Which of our team, for the admin area only (projectView drops it for everyone else). */
  adminEmail?: string;
  type:
    | ProjectAction
    | 'created'
    | 'late'
    | 'ack_reminder'
    | 'auto_final_warning'
    | 'review_reminder'
    | 'content_deleted'
    | StudentAccessEvent;
  from: ProjectState;
  to: ProjectState;
  note?: string;
  /** A cancel by its family: what it refunds, decided when it was cancelled. */
  refundCents?: number;
}

export interface ProjectMessage {
  id: string;
  at: string;
  by: 'customer' | 'student' | 'editor' | 'admin';
  author: string;
  /** Which of our team wrote it, for the admin area only. */
  adminEmail?: string;
  text: string;
}

export interface Project {
  id: string;
  orderId: string;
  /** Units of one order are numbered from 1. */
  unit: number;
  service: { id: ServiceId; title: string };
  /** What this unit cost (a full editor's price included), for refunds. */
  priceCents: number;
  customer: { uid: string; email: string };
  student: { name: string; email: string; grade: string; parentName: string; parentEmail: string };
  editor: { id: string; name: string };
  /**
   * Set while the parent lets the student (the address on the order) work on the project: the student
   * signs in with that address, verified, and reads and acts as 'student'.
   */
  studentAccess?: { invitedAt: string };
  /** Bumped on reassignment: each assignment claims its own slot on its own editor. */
  assignment: number;
  previousAssignments: { editorId: string; assignment: number }[];
  /** Bought while the editor was full: takes no slot. */
  boughtWhileFull: boolean;
  state: ProjectState;
  editsAllowed: number | null;
  rounds: Round[];
  messages: ProjectMessage[];
  history: ProjectEvent[];
  /** Timers already handled for the current round, so each fires once (a warning once per time kept open). */
  reminders: { ackRound?: number; warnRound?: number; warnKeptOpen?: number; reviewReminder?: boolean };
  /** Counts every step but messages: a step made against an older version is stale (409). */
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The reviews of a final project (each side's, whether published, the editor's reply); absent until the first. */
  reviews?: ProjectReviews;
  /** E-mails the recent steps owe, stored with each step; never shown to the browser. */
  notices?: OwedNotice[];
  /** When the retention run deleted its drafts, files and messages (the record and its accounting stay). */
  contentDeletedAt?: string;
  /** When its family closed their account: the names and addresses are gone, the accounting stays. */
  accountClosedAt?: string;
}

/**
 * An e-mail a step owes, written in the same compare-and-set as the step: the step sends it, and a
 * timer sends it should the step's own sending fail. `id` makes each sent once, however often tried.
 */
export interface OwedNotice {
  id: string;
  at: string;
  audience: 'customer' | 'student' | 'editor';
  /** The editor it goes to: the project's, or the one it was taken from. */
  editorId: string;
  subject: string;
  lines: string[];
}

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
export function openRound(project: Pick<Project, 'rounds' | 'state'>, now: Date) {
  const round = currentRound(project);
  if (!round || round.returnedAt !== null || (project.state !== 'submitted' && project.state !== 'in_review'))
    return null;
  return { round, late: round.late || now.getTime() > Date.parse(round.dueAt) };
}

/** When a returned project becomes final by itself, if nothing happens first: 7 days, and 7 more each time it was kept open. */
export function autoFinalAt(project: Pick<Project, 'rounds' | 'state'>): Date | null {
  const round = currentRound(project);
  if (project.state !== 'returned' || !round?.returnedAt) return null;
  return new Date(Date.parse(round.returnedAt) + AUTO_FINAL_MS * (1 + (round.keptOpen ?? 0)));
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

export type Refusal = { status: 403 | 409; error: string };

/** Who takes a step, as a refusal names them; the parent and the student together are the family. */
export const actorWords = {
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
  keptOpenEnough: `This feedback was kept open ${KEEP_OPEN_TIMES} times already: submit a revision, or mark it final.`,
  notified: 'Saved.',
  noDraftToRemove: 'There is no draft left to remove on this project.',
  noSuchDraft: 'round: this project has no such draft',
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

type RuledProject = Pick<Project, 'state' | 'rounds' | 'editsAllowed'> & {
  history?: Pick<ProjectEvent, 'type' | 'at'>[];
};

/** Until when a final project's thread takes messages; null for any other project. */
export function messagesCloseAt(project: Pick<RuledProject, 'state' | 'history'>): Date | null {
  const finalAt =
    project.state === 'final' ? project.history?.findLast((event) => event.type === 'finalize')?.at : undefined;
  return finalAt ? new Date(Date.parse(finalAt) + MESSAGES_AFTER_FINAL_MS) : null;
}

/** 'Submit Draft' for the first draft, 'Submit Revision' after feedback. */
export const submitLabel = (project: Pick<Project, 'rounds'>) =>
  project.rounds.length === 0 ? actionLabel.submit : REVISION_LABEL;

/** Cancelling when nothing remains to refund on the order (our team refunded it all) promises no money. */
export const CANCEL_WITHOUT_REFUND_LABEL = 'Cancel project';
export const cancelLabel = (project: { cancellation: { amountCents: number } | null }) =>
  project.cancellation?.amountCents === 0 ? CANCEL_WITHOUT_REFUND_LABEL : actionLabel.cancel;

/** "in 2 days", "in 5 hours", "3 hours ago": a countdown people read at a glance. */
export function relativeTime(target: Date, now: Date): string {
  const diff = target.getTime() - now.getTime();
  const abs = Math.abs(diff);
  // Rounded, not cut down: a 5-day turnaround a few seconds old reads 'in 5 days', for both sides.
  const [value, unit] =
    abs >= 2 * DAY_MS
      ? [Math.round(abs / DAY_MS), 'day']
      : abs >= HOUR_MS
        ? [Math.round(abs / HOUR_MS), 'hour']
        : [Math.max(1, Math.round(abs / 60_000)), 'minute'];
  const text = `${value} ${unit}${value === 1 ? '' : 's'}`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

/**
 * A project as the API answers it to one caller: the record, and what it means for them now. Its
 * editor reads only what editing needs (`forEditor`): no account, price or contact details.
 */
export interface ProjectView extends Omit<Project, 'notices' | 'customer' | 'student' | 'priceCents'> {
  customer?: Project['customer'];
  student: Pick<Project['student'], 'name' | 'grade'> & Partial<Project['student']>;
  priceCents?: number;
  roles: Role[];
  /** What the caller may do now (the buttons), whatever role they act in. */
  actions: ProjectAction[];
  /** When its drafts, files and messages will be deleted, once that is near enough to be said; else null. */
  contentDeletesAt: string | null;
  editsLeft: number | null;
  /** The open round's due time and whether it is past due; null when no feedback is owed. */
  due: { at: string; late: boolean } | null;
  autoFinalAt: string | null;
  /** What cancelling would give back now, when the caller may cancel. */
  cancellation: CancellationQuote | null;
  /** Until when a final project takes reviews; null for any other project. */
  reviewClosesAt: string | null;
}

/** What the family and our team read: the whole record. */
export type FullProjectView = ProjectView & Pick<Project, 'customer' | 'student' | 'priceCents'>;

/** The student as their editor knows them: a first name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type StudentAccessEvent = 'student_invited' | 'student_removed';

/**
 * How a person reads in the thread, the history and the e-mails: a name and a role ('Pat, parent',
 * 'Maya Chen, editor'), our team as the business, never an address. Entries stored before people were
 * named (the family by its address) read the same way, as the name comes from the project.
 */
export function personName(by: Role, stored: string, project: Pick<Project, 'student' | 'accountClosedAt'>): string {
  if (project.accountClosedAt && (by === 'customer' || by === 'student')) return ACCOUNT_CLOSED;
  switch (by) {
    case 'customer':
      return `${firstName(project.student.parentName)}, parent`;
    case 'student':
      return `${firstName(project.student.name)}, student`;
    case 'editor':
      return stored.endsWith(', editor') ? stored : `${stored}, editor`;
    case 'admin':
    case 'system':
      return stored === 'system' ? stored : site.name;
  }
}

/** Whether the caller, by this verified address, is the project's invited student. */
export const isInvitedStudent = (
  project: Pick<Project, 'student' | 'studentAccess'>,
  email: string,
  emailVerified: boolean,
) =>
  emailVerified &&
  project.studentAccess !== undefined &&
  normalizeEmail(email) === normalizeEmail(project.student.email);
