/** The free consult's part in the audit log, in the admin's words. Only the admin area loads it. */
import type { Registered } from '#lib/audit';

/** The admin actions the free consult records in the audit log, and what they are about, in the admin's words. */
export const CONSULT_AUDIT = {
  actions: {
    'availability-changed': 'Consult hours changed',
    'consult-cancelled': 'Consult cancelled',
    'consult-link-changed': 'Consult meeting link changed',
  },
  subjects: {
    availability: 'Consult hours',
    consult: 'Consult',
  },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof CONSULT_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof CONSULT_AUDIT.subjects> {}
}
