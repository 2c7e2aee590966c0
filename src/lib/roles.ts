/**
 * Who runs the business, and what each may do. An owner may do everything; staff everything but the
 * owner's own: refunds above STAFF_REFUND_LIMIT_CENTS, closing accounts, payouts and the team itself.
 * The server decides on each request; the admin area only hides what a role may not do.
 */
import { formatUsd } from './money';

export const ROLES = ['owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** The largest refund staff may make, in cents: above it, an owner's. */
export const STAFF_REFUND_LIMIT_CENTS = 20_000;

export const roleLabel: Record<Role, string> = { owner: 'Owner', staff: 'Staff' };
export const roleDescription: Record<Role, string> = {
  owner: 'Everything, including refunds of any size, closing accounts, payouts and the team.',
  staff: `Everything else, with refunds up to ${formatUsd(STAFF_REFUND_LIMIT_CENTS)}; no account closures, payouts or team changes.`,
};

/** How many people the team may hold: the team's list is read whole. */
export const STAFF_MAX = 50;

export const roleMessages = {
  ownersOnly: 'Only an owner may do this.',
  closeOwnersOnly: 'Only an owner closes accounts.',
  payoutsOwnersOnly: 'Only an owner records payout runs and sets the rates.',
  teamOwnersOnly: 'You are staff: only an owner invites, changes or removes members of the team.',
  refundAboveLimit: `Only an owner may refund more than ${formatUsd(STAFF_REFUND_LIMIT_CENTS)}.`,
  staffRefundHint: `As staff you refund up to ${formatUsd(STAFF_REFUND_LIMIT_CENTS)} at a time; above it, an owner does.`,
  alreadyOnTeam: 'This address is on the team already.',
  notOnTeam: 'This address is not on the team.',
  fromEnvironment: 'This owner is set in the site’s settings (ADMIN_EMAILS) and cannot be changed here.',
  teamFull: `The team holds at most ${STAFF_MAX} people.`,
  invited: (email: string) => `${email} was invited: an e-mail tells them how to sign in.`,
  roleChanged: (email: string, role: Role) => `${email} is ${role === 'owner' ? 'an owner' : 'staff'} now.`,
  removed: (email: string) => `${email} is no longer on the team.`,
} as const;
