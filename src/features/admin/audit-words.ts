/**
 * The words of every name the audit log and the owner's list know, put together from the features that
 * registered them (#lib/audit): what the Audit tab and the 'needs you' list show. The types hold each
 * table to exactly the names registered, so a feature that adds one without its words fails the build.
 */
import type { AttentionKind, AuditAction, AuditSubjectKind, Registered } from '#lib/audit';
import { INQUIRY_AUDIT, MAIL_AUDIT, NEWSLETTER_AUDIT, WAITLIST_AUDIT } from '#lib/lists-audit';
import { CONSULT_AUDIT } from '#features/consults/consult-audit';
import { EDITOR_AUDIT } from '#features/editors/editor-audit';
import { ORDER_ATTENTION, ORDER_AUDIT } from '#features/orders/order-audit';
import { PRIVACY_ATTENTION, PRIVACY_AUDIT } from '#features/privacy/privacy-audit';
import { PROJECT_ATTENTION, PROJECT_AUDIT } from '#features/projects/project-audit';
import { PAYOUT_AUDIT } from '#features/payouts/payout-audit';
import { APPLICATION_AUDIT } from '#features/applications/application-audit';
import { STAFF_AUDIT } from '#features/staff/staff-audit';

/** What the admin area itself records: marking an owner's notice seen. */
const ADMIN_AUDIT = {
  actions: { 'notice-seen': 'Notice marked seen' },
  subjects: { notice: 'Notice' },
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof ADMIN_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof ADMIN_AUDIT.subjects> {}
}

export const auditActionWords: Record<AuditAction, string> = {
  ...EDITOR_AUDIT.actions,
  ...CONSULT_AUDIT.actions,
  ...ORDER_AUDIT.actions,
  ...PROJECT_AUDIT.actions,
  ...NEWSLETTER_AUDIT.actions,
  ...INQUIRY_AUDIT.actions,
  ...WAITLIST_AUDIT.actions,
  ...MAIL_AUDIT.actions,
  ...PRIVACY_AUDIT.actions,
  ...PAYOUT_AUDIT.actions,
  ...APPLICATION_AUDIT.actions,
  ...STAFF_AUDIT.actions,
  ...ADMIN_AUDIT.actions,
};
export const auditSubjectWords: Record<AuditSubjectKind, string> = {
  ...EDITOR_AUDIT.subjects,
  ...CONSULT_AUDIT.subjects,
  ...ORDER_AUDIT.subjects,
  ...PROJECT_AUDIT.subjects,
  ...NEWSLETTER_AUDIT.subjects,
  ...INQUIRY_AUDIT.subjects,
  ...WAITLIST_AUDIT.subjects,
  ...MAIL_AUDIT.subjects,
  ...PRIVACY_AUDIT.subjects,
  ...PAYOUT_AUDIT.subjects,
  ...APPLICATION_AUDIT.subjects,
  ...STAFF_AUDIT.subjects,
  ...ADMIN_AUDIT.subjects,
};
export const attentionWords: Record<AttentionKind, string> = {
  ...ORDER_ATTENTION,
  ...PROJECT_ATTENTION,
  ...PRIVACY_ATTENTION,
};
