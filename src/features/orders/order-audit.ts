/**
 * An order's part in the audit log and the owner's 'needs you' list, in the admin's words. Only the
 * admin area loads it.
 */
import type { Registered } from '#lib/audit';

/** The admin actions an order records in the audit log, and what they are about, in the admin's words. */
export const ORDER_AUDIT = {
  actions: {
    'order-refunded': 'Refund',
  },
  subjects: {
    order: 'Order',
  },
} as const;

/** What an order tells the owner of (the admin's 'needs you' list), in the admin's words. */
export const ORDER_ATTENTION = {
  'refund-failed': 'A refund failed',
  'payment-declined': 'A card was declined',
} as const;

declare module '#lib/audit' {
  interface AuditActionRegistry extends Registered<typeof ORDER_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof ORDER_AUDIT.subjects> {}
  interface AttentionKindRegistry extends Registered<typeof ORDER_ATTENTION> {}
}
