/**
 * What a project is: its record (rounds, files, history, messages), the names of its states, actions
 * and roles, and how people and edits are named in it. What happens to a project, when, and in which
 * words is the process's (`process.ts`), which reads this file and is never read by it. No zod and no
 * browser or Netlify imports, so every island can use it.
 */
import type { EssayComment } from '#features/essay/essay';
import { LIMITED_EDITS, serviceById, type ServiceId } from '#lib/catalogue';
import type { CancellationQuote } from '#lib/refunds';
import { DAY_MS, HOUR_MS } from '#lib/time';
import type { ProjectReviews } from '#features/reviews/reviews';
import { normalizeEmail } from '#lib/email';
import { site } from '#lib/site';
import { ACCOUNT_CLOSED, RETENTION_WORDS } from '#features/privacy/privacy';

export const PROJECT_STATES = [
  'awaiting_draft',
  'submitted',
  'in_review',
  'returned',
  'help_requested',
  'final',
  'withdrawn',
  'cancelled',
] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

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
  'publish-review',
  'remove-draft',
  'comment',
  'remove-comment',
  'mark-comment',
  'ask-for-help',
  'grant-round',
  'close-help',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** How fast a round of feedback comes back: the speed upgrade owned when the draft comes in. */
export type TurnaroundKind = 'standard' | '48hr' | '24hr';

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
  /** The family's request for help with this round's feedback, and our team's decision; absent is none. */
  help?: HelpRequest;
}

/** 'Ask for help with this feedback': what the family said, and what our team decided and why. */
export interface HelpRequest {
  askedAt: string;
  /** Who asked, as people read it ('Pat, parent'); '' once the project's content was deleted. */
  by: string;
  /** The family's words; '' once the project's content was deleted. */
  reason: string;
  decision?: {
    at: string;
    /** A free extra round, or the request closed (a refund goes through the order's refund). */
    outcome: 'round' | 'closed';
    reason: string;
  };
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
  reminders: {
    ackRound?: number;
    warnRound?: number;
    warnKeptOpen?: number;
    /** The round's help decision the last warning counted from. */
    warnDecidedAt?: string;
    reviewReminder?: boolean;
  };
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
/** What the owner's search finds a project by: its id, its order's, the family's addresses and names. */
export const projectSearchFields = (project: Project) => [
  project.id,
  project.orderId,
  project.customer.email,
  project.student.name,
  project.student.email,
  project.student.parentName,
  project.student.parentEmail,
];

export interface OwedNotice {
  id: string;
  at: string;
  audience: 'customer' | 'student' | 'editor';
  /** The editor it goes to: the project's, or the one it was taken from. */
  editorId: string;
  subject: string;
  lines: string[];
}

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

/** The student as the thread names them: a first name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The student as their editor's inbox and header read them: the first name and the last name's initial
 * ('Sam R.'), so two students called Sam read apart, without the family's surname.
 */
export function editorsName(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.length > 1 ? words.at(-1)! : '';
  return last ? `${words[0]} ${last.charAt(0).toUpperCase()}.` : words[0];
}

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
