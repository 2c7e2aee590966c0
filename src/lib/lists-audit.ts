/**
 * The admin lists' part in the audit log (the newsletter, the contact form's inquiries, the
 * waitlist, the outbox), in the admin's words. Only the admin area loads it.
 */
import type { Registered } from './audit';

/** The admin actions the newsletter records in the audit log, and what they are about, in the admin's words. */
export const NEWSLETTER_AUDIT = {
  actions: {
    'subscriber-enabled': 'Subscriber reactivated',
    'subscriber-disabled': 'Subscriber deactivated',
    'subscriber-confirmation-sent': 'Subscriber sent the confirmation e-mail',
  },
  subjects: {
    subscriber: 'Subscriber',
  },
} as const;

declare module './audit' {
  interface AuditActionRegistry extends Registered<typeof NEWSLETTER_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof NEWSLETTER_AUDIT.subjects> {}
}

/** The admin actions the contact form records in the audit log, and what they are about, in the admin's words. */
export const INQUIRY_AUDIT = {
  actions: {
    'inquiry-handled': 'Inquiry marked handled',
    'inquiry-reopened': 'Inquiry marked open',
    'inquiry-noted': 'Note added to an inquiry',
    'inquiry-replied': 'Inquiry answered by e-mail',
    'inquiry-owner-set': 'Inquiry given to someone on the team',
  },
  subjects: {
    inquiry: 'Inquiry',
  },
} as const;

declare module './audit' {
  interface AuditActionRegistry extends Registered<typeof INQUIRY_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof INQUIRY_AUDIT.subjects> {}
}

/** The admin actions the waitlist records in the audit log, and what they are about, in the admin's words. */
export const WAITLIST_AUDIT = {
  actions: {
    'waitlist-removed': 'Waitlist entry removed',
  },
  subjects: {
    waitlist: 'Waitlist entry',
  },
} as const;

declare module './audit' {
  interface AuditActionRegistry extends Registered<typeof WAITLIST_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof WAITLIST_AUDIT.subjects> {}
}

/** The admin actions the outbox records in the audit log, and what they are about, in the admin's words. */
export const MAIL_AUDIT = {
  actions: {
    'mail-resent': 'E-mail sent again',
  },
  subjects: {
    mail: 'E-mail',
  },
} as const;

declare module './audit' {
  interface AuditActionRegistry extends Registered<typeof MAIL_AUDIT.actions> {}
  interface AuditSubjectRegistry extends Registered<typeof MAIL_AUDIT.subjects> {}
}
