/**
 * /api/admin/staff: GET the team (any admin); POST { email, role } invites an address, PATCH
 * { email, role } gives a member another role, DELETE `?email=` takes them off (owners only; in the
 * query, as the waitlist's: an address is no path segment). The owners ADMIN_EMAILS names are not
 * changed here. Each change is audited; an invitation is mailed once, and inviting a member again with
 * the same role is the same invitation (a retry), not a conflict.
 */
import type { Config, Context } from '@netlify/functions';
import { roleMessages, STAFF_MAX, type Role } from '#lib/roles';
import { staffMemberSchema, staffRemovalSchema } from '#features/staff/staff.schema';
import { isSettingsOwner, sendInvitation, teamMember, teamOf } from '#features/staff/server/team';
import { audited } from '#server/core/audit-log';
import { requireAdmin, requireOwner, type Caller } from '#server/core/auth';
import { HttpError, parse, privateJson, readBody, route } from '#server/core/http';
import { staffRepo } from '#server/core/staff';

/** The settings' owners are the site's, not the team's: no request changes them. */
function notASettingsOwner(email: string) {
  if (isSettingsOwner(email)) throw new HttpError(409, roleMessages.fromEnvironment);
}

/** Gives a current member `role`, or takes them off the team (null), audited; 404 for an address not on it. */
async function changeMember(caller: Caller, email: string, role: Role | null, context: Context) {
  notASettingsOwner(email);
  const repo = staffRepo(context);
  const before = await repo.get(email);
  const current = before && !before.removedAt;
  const change = {
    action: role ? 'staff-role-changed' : 'staff-removed',
    subject: { kind: 'staff', id: email },
    before: current ? { role: before.role } : null,
    after: current ? { role } : null,
  } as const;
  const record = await audited(context, caller, change, () => repo.change(email, role, caller.email, new Date()));
  if (!record) throw new HttpError(404, roleMessages.notOnTeam);
  return record;
}

export default route({
  GET: async (req, context) => {
    const caller = await requireAdmin(req, context);
    return privateJson(await teamOf(caller.role!, context));
  },
  POST: async (req, context) => {
    const caller = requireOwner(await requireAdmin(req, context));
    const { email, role } = await readBody(req, staffMemberSchema);
    notASettingsOwner(email);
    const repo = staffRepo(context);
    const invited = await repo.get(email);
    if (invited && !invited.removedAt) {
      if (invited.role !== role) throw new HttpError(409, roleMessages.alreadyOnTeam);
      // The same invitation again, as a retry after a lost answer sends it: mailed if it was not, once.
      await sendInvitation(invited, context);
      return privateJson(teamMember(invited));
    }
    if ((await repo.list()).filter((record) => !record.removedAt).length >= STAFF_MAX)
      throw new HttpError(409, roleMessages.teamFull);
    const change = {
      action: 'staff-invited',
      subject: { kind: 'staff', id: email },
      before: null,
      after: { email, role },
    } as const;
    const record = await audited(context, caller, change, async () => {
      const made = await repo.invite(email, role, caller.email, new Date());
      if (made === 'exists') throw new HttpError(409, roleMessages.alreadyOnTeam);
      return made;
    });
    // After the record: a retry finds the member and sends what was not sent; the mail is once per invitation.
    await sendInvitation(record, context);
    return privateJson(teamMember(record));
  },
  PATCH: async (req, context) => {
    const caller = requireOwner(await requireAdmin(req, context));
    const { email, role } = await readBody(req, staffMemberSchema);
    return privateJson(teamMember(await changeMember(caller, email, role, context)));
  },
  DELETE: async (req, context) => {
    const caller = requireOwner(await requireAdmin(req, context));
    const { email } = parse(staffRemovalSchema, Object.fromEntries(new URL(req.url).searchParams));
    await changeMember(caller, email, null, context);
    return privateJson({ removed: email });
  },
});

export const config: Config = { path: '/api/admin/staff' };
