/**
 * A project as the API answers it to one caller: the record, and what it means for them now (the
 * actions the process allows them, edits left, what is due). Its editor reads only what editing needs.
 */
import {
  editorsName,
  personName,
  PROJECT_ACTIONS,
  type Project,
  type ProjectEvent,
  type ProjectMessage,
  type ProjectView,
  type Role,
} from './project';
import { autoFinalAt, editsLeft, openRound, reviewWindowClosesAt, conflictRefusal, refusal } from './process';
import { commentsShown } from '#features/essay/essay-comments';
import { ACCOUNT_CLOSED } from '#features/privacy/privacy';
import { contentDeletionNotice } from './retention';
import { quoteFor, type RefundBasis } from '#lib/refunds';
import type { ProjectReviews } from '#features/reviews/reviews';

/**
 * What editing needs, and no more: the student's first name and last initial, and grade; not the family's account,
 * addresses, or what they paid.
 */
function forEditor({ customer: _account, student, priceCents: _paid, ...record }: Omit<Project, 'notices'>) {
  const name = record.accountClosedAt ? ACCOUNT_CLOSED : editorsName(student.name);
  return { ...record, student: { name, grade: student.grade } };
}

/** The student reads their own essays: not the parent's account, contacts or what was paid. */
function forStudent({ customer: _account, student, priceCents: _paid, ...record }: Omit<Project, 'notices'>) {
  return {
    ...record,
    student: { name: student.name, grade: student.grade, email: student.email, parentName: student.parentName },
  };
}

/** A history entry or message with its person named, and for the editor no refund amount or the family's note on it. */
function named<T extends { by: Role; actor?: string; author?: string; refundCents?: number; note?: string }>(
  entry: T,
  project: Pick<Project, 'student'>,
  editorReads: boolean,
): T {
  const name = personName(entry.by, entry.actor ?? entry.author ?? '', project);
  const { refundCents, note, ...rest } = entry;
  const hideRefund = editorReads && (entry.by === 'customer' || entry.by === 'student') && refundCents !== undefined;
  return {
    ...rest,
    ...(!editorReads && refundCents !== undefined && { refundCents }),
    ...(note !== undefined && !hideRefund && { note }),
    ...('actor' in entry && { actor: name }),
    ...('author' in entry && { author: name }),
  } as T;
}

/**
 * Double-blind: the family reads its own review, never the editor's; the editor reads their own, and
 * the family's once published; our team reads both.
 */
function reviewsFor(reviews: ProjectReviews | undefined, team: boolean, editorReads: boolean) {
  if (!reviews || team) return reviews;
  const { family, editor, ...rest } = reviews;
  return editorReads
    ? { ...rest, ...(editor && { editor }), ...(family && rest.publishedAt && { family }) }
    : { ...rest, ...(family && { family }) };
}

/** `order`, the project's order, makes the cancellation quote: without it none is offered. */
export function projectView(project: Project, roles: Role[], now: Date, order: RefundBasis | null = null): ProjectView {
  const open = openRound(project, now);
  const actions = PROJECT_ACTIONS.filter(
    (action) =>
      conflictRefusal(action, roles) === null && roles.some((role) => refusal(project, action, role, now) === null),
  );
  const { notices: _owed, ...record } = project;
  const team = roles.includes('admin');
  const full = team || roles.includes('customer');
  const editorReads = !full && !roles.includes('student');
  // Comments are the editor's drafts until the round is returned: the family reads neither them nor their making.
  const familyReads = !team && !roles.includes('editor');
  const rounds = record.rounds.map(({ comments, ...round }) => {
    const shownComments = commentsShown({ ...round, comments }, familyReads);
    return shownComments.length > 0 ? { ...round, comments: shownComments } : round;
  });
  // Families and editors see our team as one name, never an admin's address; our team sees who it was.
  const shown = <
    T extends { by: Role; adminEmail?: string; actor?: string; author?: string; refundCents?: number; note?: string },
  >({
    adminEmail,
    ...entry
  }: T) => ({
    ...named(entry, project, editorReads),
    ...(team && adminEmail !== undefined && { adminEmail }),
  });
  return {
    ...(full ? record : editorReads ? forEditor(record) : forStudent(record)),
    rounds,
    // The editor's review of the family is our team's to read: its entry too.
    history: record.history
      .filter((event) => team || !(event.type === 'review' && event.by === 'editor'))
      .filter((event) => !familyReads || (event.type !== 'comment' && event.type !== 'remove-comment'))
      .map((event) => shown(event) as ProjectEvent),
    reviews: reviewsFor(record.reviews, team, editorReads),
    messages: record.messages.map((message) => shown(message) as ProjectMessage),
    roles,
    actions,
    editsLeft: editsLeft(project),
    due: open ? { at: open.round.dueAt, late: open.late } : null,
    autoFinalAt: autoFinalAt(project)?.toISOString() ?? null,
    contentDeletesAt: contentDeletionNotice(project, now)?.toISOString() ?? null,
    cancellation: actions.includes('cancel') && order ? quoteFor(project, order, now) : null,
    reviewClosesAt: reviewWindowClosesAt(project)?.toISOString() ?? null,
  };
}
