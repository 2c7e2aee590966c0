/**
 * A parent shares an order's projects with its student, or ends that. Each project changes by
 * compare-and-set with an entry in its history (no version bump: the editor's next step is not made
 * stale by it); the student's list key is written before a project is shared and removed after the
 * sharing ends. Safe to retry at every write: a project already as asked is left as it is, and the
 * invitation e-mail goes once per invitation, named by when the first project was shared.
 */
import { conflictMessages, isEditorsAddress } from '#lib/conflicts';
import { personName, type Project, type ProjectView } from '../project';
import { normalizeEmail, sameAddress } from '#lib/email';
import { projectView } from '../view';
import { invitationMail, studentAccessMessages } from '../student-access';
import type { Caller } from '#server/core/auth';
import { serverEnv } from '#server/core/env';
import { HttpError } from '#server/core/http';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { editorsRepo } from '#features/editors/server/editors.repo';
import { ordersRepo, type Order } from '#features/orders/server/orders.repo';
import { spend } from '#server/core/rate-limits';
import type { DeployInfo } from '#server/storage/stores';
import { ensureProjects, projectsOfOrder } from './creation';
import { projectsRepo, StaleProjectError } from './projects.repo';

/** Another step may land between our read and our write: read again, a few times. */
const ATTEMPTS = 5;

/** The student closing their own account ends the sharing, and `leaving` takes their words out in the same write. */
export interface StudentLeaving {
  actor: string;
  leaving: (project: Project) => Project;
}

/** Shares one project with its student, or ends that (by the parent, or by the student leaving). */
export async function shareProject(
  id: string,
  share: boolean,
  now: Date,
  info?: DeployInfo,
  student?: StudentLeaving,
): Promise<Project> {
  const repo = projectsRepo(info);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = await repo.getForUpdate(id);
    if (!found) throw new HttpError(404, 'Project not found');
    const project = found.value;
    if ((project.studentAccess !== undefined) === share) {
      // A retry after the change landed and before its list key was dropped.
      if (!share) await repo.unindexForStudent(project);
      return project;
    }
    if (share) await repo.indexForStudent(project);
    const at = now.toISOString();
    const { studentAccess: _ended, ...rest } = student ? student.leaving(project) : project;
    const after: Project = {
      ...rest,
      ...(share && { studentAccess: { invitedAt: at } }),
      updatedAt: at,
      history: [
        ...rest.history,
        {
          at,
          by: student ? 'student' : 'customer',
          actor: student ? student.actor : personName('customer', '', project),
          type: share ? 'student_invited' : 'student_removed',
          from: project.state,
          to: project.state,
        },
      ],
    };
    try {
      await repo.replace(project, after, found.etag);
    } catch (error) {
      if (error instanceof StaleProjectError) continue;
      throw error;
    }
    if (!share) await repo.unindexForStudent(project);
    return after;
  }
  throw new HttpError(409, studentAccessMessages.changedMeanwhile);
}

/** The e-mail that tells the student what they were invited to, and how to get in. */
async function sendInvitation(order: Order, projects: Project[], info?: DeployInfo) {
  const invitedAt = projects[0].studentAccess!.invitedAt;
  const { subject, paragraphs } = invitationMail({
    parentName: order.student.parentName,
    studentEmail: order.student.studentEmail,
    editors: [...new Set(projects.map((p) => p.editor.name))].join(' and '),
    services: [...new Set(projects.map((p) => p.service.title))].join(', '),
    dashboardUrl: `${serverEnv().URL}/dashboard`,
  });
  await sendMail(
    { ...paragraphsMail(order.student.studentEmail, subject, paragraphs), kind: 'project' },
    info,
    new Date(),
    {
      id: `student-invite-${order.id}-${Date.parse(invitedAt)}`,
      at: new Date(invitedAt),
    },
  );
}

/**
 * 409 when the student's address is the sign-in address of an editor of the order: the one it was
 * bought with or one a project was reassigned to, as each editor signs in now.
 */
async function refuseEditorAsStudent(order: Order, info?: DeployInfo) {
  const projects = await projectsRepo(info).getMany(projectsOfOrder(order).map((p) => p.id));
  const ids = new Set([order.editor.id, ...projects.map((p) => p.editor.id)]);
  const editors = await Promise.all([...ids].map((id) => editorsRepo(info).get(id)));
  if (editors.some((editor) => editor && isEditorsAddress(order.student.studentEmail, editor)))
    throw new HttpError(409, conflictMessages.studentIsEditor);
}

/** Shares (or stops sharing) the projects of the caller's paid order with its student; answers them as the parent sees them. */
export async function setStudentAccess(
  orderId: string,
  share: boolean,
  caller: Caller,
  info?: DeployInfo,
  now = new Date(),
): Promise<ProjectView[]> {
  const order = await ordersRepo(info).get(orderId);
  if (!order || order.customer.uid !== caller.uid) throw new HttpError(404, 'Order not found');
  if (order.status !== 'paid') throw new HttpError(409, studentAccessMessages.notPaid);
  if (share && sameAddress(order.student.studentEmail, caller.email))
    throw new HttpError(409, studentAccessMessages.ownAddress);
  if (share) await refuseEditorAsStudent(order, info);
  await spend('studentAccess', caller.uid, info, now);
  // Each invitation mails an address that never asked us for anything: a few an hour at most.
  if (share) await spend('studentInvite', normalizeEmail(order.student.studentEmail), info, now);
  await ensureProjects(order, info);
  const projects: Project[] = [];
  for (const { id } of projectsOfOrder(order)) projects.push(await shareProject(id, share, now, info));
  if (share) await sendInvitation(order, projects, info);
  return projects.map((project) => projectView(project, ['customer'], now, order));
}
