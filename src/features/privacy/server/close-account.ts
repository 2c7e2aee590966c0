/**
 * Closing an account: the family's open projects end through the process (cancelled with the refund
 * the policy gives while editing has not begun, withdrawn after), every project loses its content by
 * the retention run's own deletion and its names and addresses, the orders keep their accounting with
 * the people taken out, the published reviews stay as 'A former client' (their scores, their words if
 * the family chose, or nothing), the mails and owner notices naming the family are emptied, and the
 * Firebase user goes last, so a closure cut off anywhere before it leaves the person able to sign in
 * and close again.
 * A student closing their own account loses the projects shared with them, with their messages and
 * words; the projects, drafts and orders are the family's and stay. An editor's profile leaves the
 * site (close-editor.ts).
 * A closure record says which parts are done; every part is also safe to repeat on its own.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Project, ProjectEvent } from '#features/projects/project';
import {
  ACCOUNT_CLOSED,
  closeAccountMessages,
  closureNotices,
  DEFAULT_REVIEW_CHOICE,
  type ClosureEnding,
  type ClosurePreview,
  type ReviewChoice,
} from '../privacy';
import { endpointTransition, GUARDS, OPEN_STATES } from '#features/projects/process';
import { quoteFor } from '#lib/refunds';
import type { Order } from '#features/orders/order';
import type { Caller } from '#server/core/auth';
import { HttpError } from '#server/core/http';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { shareProject } from '#features/projects/server/student-access';
import { refundCancellation } from '#features/projects/server/cancellation';
import { projectsRepo } from '#features/projects/server/projects.repo';
import { commitStep, type StepContext } from '#features/projects/server/steps';
import { ordersRepo } from '#features/orders/server/orders.repo';
import { forgetKeptRows } from '#features/orders/server/export-rows';
import { syncEditorStats } from '#features/reviews/server/editor-stats';
import { openStore, type DeployInfo } from '#server/storage/stores';
import { studentAccessMessages } from '#features/projects/student-access';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { tellOwner } from '#server/core/attention';
import { closeEditorProfile } from './close-editor';
import { personByEmail } from './export-person';
import { forgetMails } from './forget-mails';
import type { FirebaseAdmin } from './firebase-user';
import { replaceDroppingFiles, withoutContent } from '#features/projects/server/retention';

/** Which parts of a closure are done, kept beside the customer's record under `closures/<uid>`. */
export interface Closure {
  startedAt: string;
  /** The projects shared with the person as a student when the closure began: each loses them. */
  sharedProjectIds?: string[];
  /** What becomes of the family's published reviews, as they chose. */
  review?: ReviewChoice;
  /** Which of our team closed it on a request, if not the person. */
  adminEmail?: string;
  /**
   * The names and addresses the family gave, read when the closure began: the mails and owner notices
   * naming them are emptied, then this goes too.
   */
  forget?: string[];
  mailsDoneAt?: string;
  projectsDoneAt?: string;
  /** When the owner was told of the closure (or found there was nothing to tell). */
  toldAt?: string;
  sharedDoneAt?: string;
  ordersDoneAt?: string;
  /** When the Firebase user's deletion was asked for: the last write, and the last step. */
  userDeletionAt?: string;
}

const closureKey = (uid: string) => `closures/${uid}`;

function closuresRepo(info?: DeployInfo) {
  const store = openStore('customers', info);
  return {
    get: async (uid: string) => (await store.get(closureKey(uid), { type: 'json' })) as Closure | null,
    async put(uid: string, closure: Closure) {
      await store.setJSON(closureKey(uid), closure);
      return closure;
    },
  };
}

type Ending = ClosureEnding;

const isOpen = (project: Project) => (OPEN_STATES as readonly string[]).includes(project.state);

/** The family's own cancel while editing has not begun (the policy's refund), its withdrawal after (none). */
async function endingOf(project: Project, now: Date, info?: DeployInfo): Promise<Ending> {
  const base = { projectId: project.id, service: project.service.title };
  if (GUARDS['editing-not-begun'](project) !== null) return { ...base, action: 'withdraw', refund: null };
  const order = await ordersRepo(info).get(project.orderId);
  return { ...base, action: 'cancel', refund: order ? quoteFor(project, order, now) : null };
}

/** 409 for an editor with open projects: their families are waiting on them. */
async function refuseBusyEditor(caller: Caller, info?: DeployInfo) {
  const editor = await editorOf(caller, info);
  if (!editor) return;
  const open = await projectsRepo(info).listForEditor(editor.id, 'open');
  if (open.length > 0) throw new HttpError(409, closeAccountMessages.editorOpenProjects(open.length));
}

/** Each open project's ending and refund; 409 for a busy editor. */
async function endingsOf(caller: Caller, now: Date, info?: DeployInfo, projects?: Project[]): Promise<Ending[]> {
  await refuseBusyEditor(caller, info);
  const own = projects ?? (await projectsRepo(info).listForCustomer(caller.uid));
  return Promise.all(own.filter(isOpen).map((project) => endingOf(project, now, info)));
}

/** A family's review the editor's profile shows. */
const publishedReview = (project: Project) =>
  Boolean(project.reviews?.family && project.reviews.publishedAt && !project.reviews.hidden);

/** What closing would do now: each open project's ending, how many projects shared with the caller as student lose them, and how many reviews are published. */
export async function previewClosure(caller: Caller, now: Date, info?: DeployInfo): Promise<ClosurePreview> {
  const [own, shared] = await Promise.all([projectsRepo(info).listForCustomer(caller.uid), sharedWith(caller, info)]);
  const endings = await endingsOf(caller, now, info, own);
  return {
    endings,
    sharedProjects: shared.length,
    ownProjects: own.length,
    publishedReviews: own.filter(publishedReview).length,
  };
}

/** A project's refund as the person read it before confirming: 0 for a withdrawal. */
export interface Confirmed {
  projectId: string;
  refundCents: number;
}

/** 409 (busy editor, or what closing does changed since the page said it) unless closing does what was confirmed. */
async function refuseUnlessAsSaid(caller: Caller, confirmed: Confirmed[], now: Date, info?: DeployInfo) {
  const said = (e: Confirmed) => `${e.projectId}:${e.refundCents}`;
  const endings = await endingsOf(caller, now, info);
  const actual = endings.map((e) => said({ projectId: e.projectId, refundCents: e.refund?.amountCents ?? 0 }));
  if (!isDeepStrictEqual(actual.sort(), confirmed.map(said).sort()))
    throw new HttpError(409, closeAccountMessages.changed);
}

/**
 * Ends every open project of the family through the process, as their own cancel or withdrawal; our
 * team's closure on a request says which of our team it was, so the owner reads who acted.
 */
async function endOpenProjects(uid: string, adminEmail: string | undefined, now: Date, context: StepContext) {
  const projects = projectsRepo(context);
  for (const { id } of (await projects.listForCustomer(uid)).filter(isOpen)) {
    const found = await projects.getForUpdate(id);
    if (!found || !isOpen(found.value)) continue;
    const project = found.value;
    const ending = await endingOf(project, now, context);
    const t = endpointTransition(ending.action, 'customer')!;
    const step =
      ending.action === 'cancel'
        ? { action: 'cancel' as const, ...(ending.refund && { refund: ending.refund }) }
        : { action: 'withdraw' as const, reason: closeAccountMessages.withdrawReason };
    const actor = { role: 'customer' as const, name: ACCOUNT_CLOSED, ...(adminEmail && { adminEmail }) };
    await commitStep(project, found.etag, t, step, actor, context, now);
  }
}

type Party = 'customer' | 'student';

/** An event of the closing party with its person and words taken out; a cancel keeps the policy's words its refund reads. */
const anonymousEvent =
  (parties: readonly Party[]) =>
  (event: ProjectEvent): ProjectEvent => {
    if (!(parties as readonly string[]).includes(event.by)) return event;
    const { note, ...rest } = event;
    return { ...rest, actor: ACCOUNT_CLOSED, ...(event.type === 'cancel' && note !== undefined && { note }) };
  };

/**
 * The family's review as they chose: its scores alone (the words, and the editor's reply to them, go),
 * the scores and the words, or taken off the profile and out of the rating with no words kept.
 */
function reviewsAsChosen(project: Project, review: ReviewChoice, now: Date): Project['reviews'] {
  const reviews = project.reviews;
  if (!reviews?.family || review === 'text') return reviews;
  const { reply: _reply, ...rest } = reviews;
  const family = { ...reviews.family, text: '' };
  if (review === 'scores') return { ...rest, family };
  return { ...rest, family, hidden: { at: now.toISOString(), reason: closeAccountMessages.reviewDeleted } };
}

/**
 * The project with its content deleted and what its family gave replaced: names, addresses, the
 * student's grade, each round's prompt; ids, prices and dates stay.
 */
function closedProject(project: Project, now: Date, review: ReviewChoice): Project {
  const emptied = project.contentDeletedAt ? project : withoutContent(project, now, 'closure');
  const { studentAccess: _access, ...rest } = emptied;
  return {
    ...rest,
    customer: { uid: project.customer.uid, email: '' },
    student: { name: ACCOUNT_CLOSED, email: '', grade: '', parentName: ACCOUNT_CLOSED, parentEmail: '' },
    rounds: emptied.rounds.map((round) => ({ ...round, prompt: '' })),
    reviews: reviewsAsChosen(project, review, now),
    history: emptied.history.map(anonymousEvent(['customer', 'student'])),
    // Mails owed name the family; the ending's own notice went out with its step (the editor's list shows it too).
    notices: [],
    accountClosedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/**
 * The invited student is told their parent closed the account: by mail once an order (however often the closure
 * is tried, its start keeps the mail's key), and on their dashboard when they sign in.
 */
async function tellStudent(project: Project, uid: string, startedAt: Date, context: StepContext) {
  const { email } = project.student;
  await projectsRepo(context).markFamilyClosed(email, startedAt);
  const subject = studentAccessMessages.parentClosedSubject;
  const mail = paragraphsMail(email, subject, [studentAccessMessages.parentClosed]);
  await sendMail({ ...mail, kind: 'account' }, context, startedAt, {
    id: `closure-${uid}-${project.orderId}-student`,
    at: startedAt,
  });
}

/**
 * Every project of the family, content and names: its cancel's refund first, the invited student told
 * and their index entry dropped (it is keyed by their address, which the record then no longer holds),
 * the record with its bytes after, then the published review rewritten under the new name.
 */
async function closeProjects(uid: string, review: ReviewChoice, startedAt: Date, now: Date, context: StepContext) {
  const projects = projectsRepo(context);
  for (const { id } of await projects.listForCustomer(uid)) {
    const found = await projects.getForUpdate(id);
    if (!found) continue;
    let project = found.value;
    if (!project.accountClosedAt) {
      // A cancel's refund is recorded under the family's name before the names go (the step asks for it,
      // but a cut-off step leaves it to a timer that would run after them).
      await refundCancellation(project, context);
      if (project.studentAccess) {
        await tellStudent(project, uid, startedAt, context);
        await projects.unindexForStudent(project);
      }
      project = closedProject(project, now, review);
      await replaceDroppingFiles(found.value, project, found.etag, now, context);
    }
    await syncEditorStats(project, context);
  }
}

/** The projects a parent shared with the caller as their student. */
async function sharedWith(caller: Caller, info?: DeployInfo): Promise<Project[]> {
  return caller.emailVerified ? projectsRepo(info).listForStudent(caller.email) : [];
}

/** A shared project without the leaving student's messages, words in its history and mails owed to them. */
function withoutStudent(project: Project): Project {
  return {
    ...project,
    messages: project.messages.filter((m) => m.by !== 'student'),
    history: project.history.map(anonymousEvent(['student'])),
    ...(project.notices && { notices: project.notices.filter((n) => n.audience !== 'student') }),
  };
}

/** Ends the student's access to each project shared with them, as the parent's ending of it does, their words going too. */
async function leaveSharedProjects(ids: string[], now: Date, info?: DeployInfo) {
  for (const id of ids) await shareProject(id, false, now, info, { actor: ACCOUNT_CLOSED, leaving: withoutStudent });
}

/** The order as accounting needs it: ids, lines, amounts, dates and refunds; no names, addresses or phone. */
function strippedOrder(order: Order): Order | null {
  if (order.customer.email === '' && order.billing.street === ACCOUNT_CLOSED) return null;
  return {
    ...order,
    customer: { uid: order.customer.uid, email: '' },
    student: {
      ...order.student,
      studentName: ACCOUNT_CLOSED,
      studentEmail: '',
      parentName: ACCOUNT_CLOSED,
      parentEmail: '',
    },
    billing: { ...order.billing, street: ACCOUNT_CLOSED, city: '', zip: '', phone: '' },
    refunds: order.refunds?.map((refund) => (refund.by === 'customer' ? { ...refund, actor: ACCOUNT_CLOSED } : refund)),
  };
}

/**
 * What the family gave that mails and notices may name: the addresses and names on its orders and its
 * sign-in address. An invited student's address is theirs, and so are the mails to it.
 */
async function givenByFamily(caller: Caller, info?: DeployInfo): Promise<string[]> {
  const [orders, projects] = await Promise.all([
    ordersRepo(info).listForCustomer(caller.uid),
    projectsRepo(info).listForCustomer(caller.uid),
  ]);
  const students = new Set(projects.filter((p) => p.studentAccess).map((p) => p.student.email));
  const given = orders.flatMap(({ customer, student }) => [
    customer.email,
    student.parentEmail,
    student.parentName,
    student.studentName,
    ...(students.has(student.studentEmail) ? [] : [student.studentEmail]),
  ]);
  return [...new Set([caller.email, ...given])].filter((words) => words && words !== ACCOUNT_CLOSED);
}

/** Takes the people out of the family's orders, then out of the accountant's rows kept of their days. */
async function stripOrders(uid: string, info?: DeployInfo) {
  const orders = ordersRepo(info);
  for (const order of await orders.listForCustomer(uid)) {
    const stripped = await orders.change(order.id, strippedOrder);
    if (stripped) await forgetKeptRows(stripped, info);
  }
}

/**
 * Closes the caller's account, resuming a closure cut off before: answers the closure as done.
 * `deleteUser` deletes the Firebase user, last: with the person's own recent token, or an admin's rights.
 */
export async function closeAccount({
  caller,
  deleteUser,
  confirmed,
  review = DEFAULT_REVIEW_CHOICE,
  adminEmail,
  now,
  context,
}: {
  caller: Caller;
  deleteUser: () => Promise<void>;
  /** Each open project's refund as the page said it; a closure already begun goes on whatever it was. */
  confirmed: Confirmed[];
  review?: ReviewChoice;
  /** Which of our team closes it on a request. */
  adminEmail?: string;
  now: Date;
  context: StepContext;
}): Promise<Closure> {
  const closures = closuresRepo(context);
  let closure = await closures.get(caller.uid);
  if (!closure) {
    await refuseUnlessAsSaid(caller, confirmed, now, context);
    const [shared, forget] = await Promise.all([sharedWith(caller, context), givenByFamily(caller, context)]);
    closure = await closures.put(caller.uid, {
      startedAt: now.toISOString(),
      sharedProjectIds: shared.map((p) => p.id),
      review,
      ...(adminEmail && { adminEmail }),
      forget,
    });
  }
  await closeEditorProfile(caller, new Date(closure.startedAt), context);
  if (!closure.projectsDoneAt) {
    await endOpenProjects(caller.uid, closure.adminEmail, now, context);
    const review = closure.review ?? DEFAULT_REVIEW_CHOICE;
    await closeProjects(caller.uid, review, new Date(closure.startedAt), now, context);
    closure = await closures.put(caller.uid, { ...closure, projectsDoneAt: now.toISOString() });
  }
  if (!closure.sharedDoneAt) {
    await leaveSharedProjects(closure.sharedProjectIds ?? [], now, context);
    if (caller.emailVerified) await projectsRepo(context).forgetFamilyClosed(caller.email);
    closure = await closures.put(caller.uid, { ...closure, sharedDoneAt: now.toISOString() });
  }
  // After the closure's own steps, whose mails name nobody: the orders still say what the family gave.
  if (!closure.mailsDoneAt) {
    const orderIds = (await ordersRepo(context).listForCustomer(caller.uid)).map((order) => order.id);
    await forgetMails(closure.forget ?? [], orderIds, now, context);
    const { forget: _done, ...rest } = closure;
    closure = await closures.put(caller.uid, { ...rest, mailsDoneAt: now.toISOString() });
  }
  if (!closure.ordersDoneAt) {
    await stripOrders(caller.uid, context);
    closure = await closures.put(caller.uid, { ...closure, ordersDoneAt: now.toISOString() });
  }
  // The owner hears of every closure of a family that ordered, whatever it ended; once, naming nobody.
  if (!closure.toldAt) {
    const orders = (await ordersRepo(context).listForCustomer(caller.uid)).length;
    const who = closure.adminEmail ? closureNotices.byTeam : closureNotices.byFamily;
    if (orders > 0)
      await tellOwner(
        {
          id: `account-closed-${caller.uid}`,
          at: new Date(closure.startedAt),
          kind: closure.adminEmail ? 'team-closed' : 'family-closed',
          subject: who,
          lines: [closureNotices.accountLine(who, orders)],
        },
        context,
      );
    closure = await closures.put(caller.uid, { ...closure, toldAt: now.toISOString() });
  }
  // Recorded before it is asked, so no write follows it: a user already gone answers as deleted.
  if (!closure.userDeletionAt)
    closure = await closures.put(caller.uid, { ...closure, userDeletionAt: now.toISOString() });
  await deleteUser();
  return closure;
}

/**
 * The person an admin closes on a request by mail, as if they were calling: the Firebase user that
 * signs in with the address, or failing that the account its orders name; 404 if neither is found.
 * The admin checked by mail that the request is theirs, so the address counts as verified.
 */
export async function closingPerson(email: string, firebase: FirebaseAdmin, info?: DeployInfo): Promise<Caller> {
  const uid = (await firebase.uidOf(email)) ?? (await personByEmail(email, info)).uid;
  if (!uid) throw new HttpError(404, closeAccountMessages.noAccount);
  return { uid, email, emailVerified: true, isAdmin: false, role: null };
}
