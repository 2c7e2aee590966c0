/**
 * How long we keep what people give us. The scheduled retention run, the notice on a project and
 * the privacy policy all read these numbers, so the policy cannot promise a period the product
 * does not keep.
 */
export const RETENTION = {
  /** Drafts, files and messages of a project, from the day it became final, withdrawn or cancelled. */
  projectContentDays: 365,
  /** A project says this many days ahead that its content will be deleted. */
  projectWarningDays: 30,
  /** Inquiries and consult bookings, from the day they were made. */
  contactDays: 730,
} as const;

/** The same periods as the policy says them. */
export const RETENTION_WORDS = {
  projectContent: 'one year',
  projectWarning: 'a month',
  contact: 'two years',
} as const;
