/** Privacy's part in the audit log and the owner's 'needs you' list, in the admin's words. */
import type { Registered } from '#lib/audit';

/** The admin actions privacy records in the audit log, and what they are about, in the admin's words. */
export const PRIVACY_AUDIT = {
  actions: {
    'person-looked-up': 'Person looked up (privacy)',
    'data-exported': 'Data exported (privacy)',
    'account-closed': 'Account closed (privacy)',
  },
  subjects: {
    person: 'Person',
  },
} as const;

/** What privacy tells the owner of (the admin's 'needs you' list), in the admin's words. */
export const PRIVACY_ATTENTION = {
  'family-closed': 'A family closed its account',
  'team-closed': 'Our team closed an account on request',
  'editor-closed': 'An editor closed their account',
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof PRIVACY_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof PRIVACY_AUDIT.subjects> {}
  interface AttentionKindRegistry extends Registered<typeof PRIVACY_ATTENTION> {}
}
