/** Applications' part in the audit log, in the admin's words. Only the admin area loads it. */
import type { Registered } from '#lib/audit';

export const APPLICATION_AUDIT = {
  actions: {
    'application-interviewing': 'Application moved to interviewing',
    'application-accepted': 'Application accepted',
    'application-declined': 'Application declined',
  },
  subjects: { application: 'Application' },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof APPLICATION_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof APPLICATION_AUDIT.subjects> {}
}
