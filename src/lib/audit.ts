/**
 * The audit log of admin actions and the owner's "needs you" list: what each action is called, what
 * an entry looks like to the admin area. Without zod, so the admin island can use it.
 */

/** Every action the log records, with the label the admin reads. */
export const AUDIT_ACTIONS = {
  'editor-created': 'Editor created',
  'editor-changed': 'Editor changed',
  'editor-hidden': 'Editor hidden',
  'editor-shown': 'Editor shown',
  'editor-deleted': 'Editor deleted',
  'availability-changed': 'Consult hours changed',
  'consult-cancelled': 'Consult cancelled',
  'consult-link-changed': 'Consult meeting link changed',
  'order-refunded': 'Refund',
  'project-reassigned': 'Project reassigned',
  'project-finalized': 'Project made final',
  'project-withdrawn': 'Project withdrawn',
  'project-cancelled': 'Project cancelled',
  'project-extended': 'Project kept open',
  'project-message': 'Message on a project',
  'review-hidden': 'Review hidden',
  'subscriber-enabled': 'Subscriber reactivated',
  'subscriber-disabled': 'Subscriber deactivated',
  'subscriber-confirmation-sent': 'Subscriber sent the confirmation e-mail',
  'inquiry-handled': 'Inquiry marked handled',
  'inquiry-reopened': 'Inquiry marked open',
  'waitlist-removed': 'Waitlist entry removed',
  'notice-seen': 'Notice marked seen',
  'person-looked-up': 'Person looked up (privacy)',
  'data-exported': 'Data exported (privacy)',
  'account-closed': 'Account closed (privacy)',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditSubjectKind =
  | 'editor'
  | 'availability'
  | 'consult'
  | 'order'
  | 'project'
  | 'subscriber'
  | 'inquiry'
  | 'person'
  | 'waitlist'
  | 'notice';
export const auditSubjectLabels: Record<AuditSubjectKind, string> = {
  editor: 'Editor',
  availability: 'Consult hours',
  consult: 'Consult',
  order: 'Order',
  project: 'Project',
  subscriber: 'Subscriber',
  inquiry: 'Inquiry',
  person: 'Person',
  waitlist: 'Waitlist entry',
  notice: 'Notice',
};

export interface AuditSubject {
  kind: AuditSubjectKind;
  id: string;
}

/** A changed field's values are kept short: a bio or a message is recognised by its start. */
export const AUDIT_VALUE_MAX = 120;
export type AuditValue = string | number | boolean | null;
export type AuditFields = Record<string, AuditValue>;

/**
 * One entry as the admin reads it. `confirmed` is false for an action asked for whose outcome the
 * log could not record: it may or may not have landed (docs/decisions/042-audit-log.md).
 */
export interface AuditItem {
  id: string;
  at: string;
  /** The admin's address: never shown outside the admin area. */
  by: string;
  action: AuditAction;
  label: string;
  subject: AuditSubject;
  /** Only the fields that changed; null before a creation and after a deletion. */
  before: AuditFields | null;
  after: AuditFields | null;
  confirmed: boolean;
}

/** An editor change named by what it did: hiding and showing are what an owner looks for. */
export function editorChangeAction(before: { hidden?: unknown }, after: { hidden?: unknown }): AuditAction {
  if (Boolean(before.hidden) === Boolean(after.hidden)) return 'editor-changed';
  return after.hidden ? 'editor-hidden' : 'editor-shown';
}

/**
 * Something the owner must hear of: a family cancelled and was refunded by itself, a project was
 * cancelled with its account (closed by the family, or by our team on a request), a refund failed, or
 * an editor closed their account (no order: `orderId` absent).
 */
export interface AttentionItem {
  id: string;
  at: string;
  kind: 'family-cancel' | 'family-closed' | 'team-closed' | 'refund-failed' | 'editor-closed';
  orderId?: string;
  text: string;
  seen: boolean;
}

export const attentionLabels: Record<AttentionItem['kind'], string> = {
  'family-cancel': 'A family cancelled',
  'family-closed': 'A family closed its account',
  'team-closed': 'Our team closed an account on request',
  'refund-failed': 'A refund failed',
  'editor-closed': 'An editor closed their account',
};
