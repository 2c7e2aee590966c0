/**
 * The team's server part: the list (owners from ADMIN_EMAILS, then the team's records), and the
 * invitation mail. Changes go through the team's store (core/staff.ts), a compare-and-set each.
 */
import { roleLabel, type Role } from '#lib/roles';
import { site } from '#lib/site';
import { serverEnv } from '#server/core/env';
import { paragraphsMail, sendMail } from '#server/core/mail';
import { staffRepo, type StaffRecord } from '#server/core/staff';
import type { DeployInfo } from '#server/storage/stores';
import type { Team, TeamMember } from '../staff';

/** Whether the site's settings make `email` an owner: the team's store cannot change them. */
export const isSettingsOwner = (email: string) => serverEnv().ADMIN_EMAILS.includes(email.toLowerCase());

const member = (record: StaffRecord): TeamMember => ({
  email: record.email,
  role: record.role,
  fromSettings: false,
  invitedAt: record.invitedAt,
  invitedBy: record.invitedBy,
});

/** The team as `yourRole` reads it: the settings' owners first, then the current members by address. */
export async function teamOf(yourRole: Role, info?: DeployInfo): Promise<Team> {
  const owners = serverEnv().ADMIN_EMAILS;
  const records = (await staffRepo(info).list())
    .filter((record) => !record.removedAt && !owners.includes(record.email))
    .sort((a, b) => a.email.localeCompare(b.email));
  return {
    members: [
      ...owners.map((email): TeamMember => ({
        email,
        role: 'owner',
        fromSettings: true,
        invitedAt: null,
        invitedBy: null,
      })),
      ...records.map(member),
    ],
    yourRole,
  };
}

/** Tells the invited address how to open the admin area: sign in with it and verify it; once per invitation. */
export const sendInvitation = (record: StaffRecord, info?: DeployInfo) =>
  sendMail(
    {
      ...paragraphsMail(record.email, `You are invited to ${site.name}'s admin area`, [
        `${record.invitedBy} invited you to ${site.name}'s admin area as ${roleLabel[record.role].toLowerCase()}.`,
        `Open ${serverEnv().URL}/admin and sign in, or create an account, with this address (${record.email}); verify it when asked. The admin area opens for this address only.`,
        'If you did not expect this invitation, you can ignore this message.',
      ]),
      kind: 'staff',
    },
    info,
    new Date(record.invitedAt),
    { id: `staff-${encodeURIComponent(record.email)}`, at: new Date(record.invitedAt) },
  );

export { member as teamMember };
