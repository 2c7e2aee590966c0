/**
 * What each admin may choose to hear of by e-mail, and how: each event by its own mail, or one daily
 * digest of the day before (New York's day). Nothing is chosen until the admin chooses; the business's
 * own inbox keeps receiving what needs a person, as it always has.
 */
import type { AttentionKind } from './audit';

export const NOTIFICATION_KINDS = [
  'order-paid',
  'round-late',
  'review',
  'payment-declined',
  'closure',
  'needs-you',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationLabel: Record<NotificationKind, string> = {
  'order-paid': 'A new paid order',
  'round-late': 'A round is late',
  review: 'A review is held, or scored 2 or less',
  'payment-declined': 'A card was declined',
  closure: 'An account or an editor’s account was closed',
  'needs-you': 'A family cancelled or asked for help, or a refund failed',
};

/** Which choice each notice to the owner falls under. */
export const NOTIFICATION_OF: Record<AttentionKind, NotificationKind> = {
  'family-cancel': 'needs-you',
  'help-asked': 'needs-you',
  'refund-failed': 'needs-you',
  'review-held': 'review',
  'review-low': 'review',
  'round-late': 'round-late',
  'payment-declined': 'payment-declined',
  'family-closed': 'closure',
  'team-closed': 'closure',
  'editor-closed': 'closure',
};

export interface NotificationChoice {
  kinds: NotificationKind[];
  /** One mail a day with the day before's, instead of a mail each. */
  digest: boolean;
}

export const NO_NOTIFICATIONS: NotificationChoice = { kinds: [], digest: false };

export const notificationMessages = {
  saved: 'Your notifications are saved.',
  digestSubject: (day: string) => `What happened on ${day}`,
} as const;
