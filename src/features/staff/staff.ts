/** The team as the admin area reads it: each member, and whether this admin may change them. */
import type { Role } from '#lib/roles';

export interface TeamMember {
  email: string;
  role: Role;
  /** Set in the site's settings (ADMIN_EMAILS): an owner no one changes here. */
  fromSettings: boolean;
  invitedAt: string | null;
  invitedBy: string | null;
}

export interface Team {
  members: TeamMember[];
  /** The caller's own role: only an owner changes the team. */
  yourRole: Role;
}
