/**
 * The team's part in the audit log: inviting, changing and removing its members, in the admin's
 * words, and an admin's own choice of notifications. Only the admin area loads it.
 */
import type { Registered } from '#lib/audit';

export const STAFF_AUDIT = {
  actions: {
    'staff-invited': 'Team member invited',
    'staff-role-changed': 'Team member’s role changed',
    'staff-removed': 'Team member removed',
    'notifications-chosen': 'Notifications chosen',
  },
  subjects: {
    staff: 'Team member',
  },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof STAFF_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof STAFF_AUDIT.subjects> {}
}
