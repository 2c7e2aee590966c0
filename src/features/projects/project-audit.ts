/**
 * A project's part in the audit log and the owner's 'needs you' list, in the admin's words. Only the
 * admin area loads it.
 */
import type { Registered } from '#lib/audit';

/** The admin actions a project records in the audit log, and what they are about, in the admin's words. */
export const PROJECT_AUDIT = {
  actions: {
    'project-reassigned': 'Project reassigned',
    'project-finalized': 'Project made final',
    'project-withdrawn': 'Project withdrawn',
    'project-cancelled': 'Project cancelled',
    'project-extended': 'Project kept open',
    'project-message': 'Message on a project',
    'review-hidden': 'Review hidden',
    'review-published': 'Held review published',
    'project-round-granted': 'Free extra round given',
    'project-help-closed': 'Request for help closed',
  },
  subjects: {
    project: 'Project',
  },
} as const;

/** What a project tells the owner of (the admin's 'needs you' list), in the admin's words. */
export const PROJECT_ATTENTION = {
  'family-cancel': 'A family cancelled',
  'help-asked': 'A family asked for help with feedback',
  'review-held': 'A review is held for you to read',
  'review-low': 'A review scored 2 or less',
  'round-late': 'A round is late',
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof PROJECT_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof PROJECT_AUDIT.subjects> {}
  interface AttentionKindRegistry extends Registered<typeof PROJECT_ATTENTION> {}
}
