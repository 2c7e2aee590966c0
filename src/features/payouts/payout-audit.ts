/** Payouts' part in the audit log, in the admin's words. Only the admin area loads it. */
import type { Registered } from '#lib/audit';

export const PAYOUT_AUDIT = {
  actions: { 'payout-recorded': 'Payout run recorded', 'payout-rates-changed': "Editors' rates changed" },
  subjects: { payout: 'Payout run', 'payout-rates': "Editors' rates" },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof PAYOUT_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof PAYOUT_AUDIT.subjects> {}
}
