/**
 * Who a caller is to a project: its customer (the parent who bought it), the student the parent
 * invited (signed in with the order's student address, verified), its editor (a signed-in user whose
 * verified address is the `accountEmail` the admin set on an editor record), or an admin.
 */
import type { Context } from '@netlify/functions';
import { isInvitedStudent, type Project, type Role } from '../project';
import type { Caller } from '#server/core/auth';
import { editorOf } from '#features/editors/server/signed-in-editor';
import { HttpError } from '#server/core/http';
import { projectsRepo } from './projects.repo';

/** The roles the caller holds on this project. */
export function rolesOn(project: Project, caller: Caller, editorId: string | null): Role[] {
  const roles: Role[] = [];
  if (project.customer.uid === caller.uid) roles.push('customer');
  else if (isInvitedStudent(project, caller.email, caller.emailVerified)) roles.push('student');
  if (editorId !== null && project.editor.id === editorId) roles.push('editor');
  if (caller.isAdmin) roles.push('admin');
  return roles;
}

/** Someone who is none of these learns nothing, not even that the project exists. */
export const projectNotFound = () => new HttpError(404, 'Project not found');

/** The roles, or 404 for a stranger to the project. */
export function requireRoles(project: Project | null, caller: Caller, editorId: string | null): Role[] {
  const roles = project ? rolesOn(project, caller, editorId) : [];
  if (roles.length === 0) throw projectNotFound();
  return roles;
}

/**
 * An admin acts with our team's authority first, whatever else they are to the project: every admin
 * write is audited, and a step recorded as the family's or the editor's would not be. Only a step our
 * team cannot take (a draft, a review) is taken in their own capacity, as that person.
 */
const PREFERENCE: readonly Role[] = ['admin', 'customer', 'student', 'editor'];
export const roleFor = (roles: Role[], allowed: (role: Role) => boolean): Role | null =>
  PREFERENCE.find((r) => roles.includes(r) && allowed(r)) ?? null;

/** The project the request's `:id` names, with the caller's roles on it; 404 for anyone who has none. */
export async function callersProject(caller: Caller, context: Context): Promise<{ project: Project; roles: Role[] }> {
  const [editor, project] = await Promise.all([
    editorOf(caller, context),
    projectsRepo(context).get(context.params.id ?? ''),
  ]);
  const roles = requireRoles(project, caller, editor?.id ?? null);
  return { project: project!, roles };
}
