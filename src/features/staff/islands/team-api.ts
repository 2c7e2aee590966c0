/** The Team tab's calls: the team, an invitation, a member's new role, a member taken off; one's own notifications. */
import type { NotificationChoice } from '#lib/notifications';
import type { Role } from '#lib/roles';
import { signedInFetch } from '#stores/session';
import type { TeamMember } from '../staff';

export const TEAM_PATH = '/api/admin/staff';

export const inviteMember = (email: string, role: Role) =>
  signedInFetch<TeamMember>(TEAM_PATH, { method: 'POST', body: { email, role } });
export const changeRole = (email: string, role: Role) =>
  signedInFetch<TeamMember>(TEAM_PATH, { method: 'PATCH', body: { email, role } });
export const removeMember = (email: string) =>
  signedInFetch<{ removed: string }>(`${TEAM_PATH}?${new URLSearchParams({ email })}`, { method: 'DELETE' });

export const NOTIFICATIONS_PATH = '/api/admin/notifications';
export const saveNotifications = (choice: NotificationChoice) =>
  signedInFetch<NotificationChoice>(NOTIFICATIONS_PATH, { method: 'PUT', body: choice });
