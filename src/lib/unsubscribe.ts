/**
 * Leaving the newsletter: how long a mailed link works and what its pages say. The policy page, the
 * mail and the pages answering the link read these, so they cannot disagree.
 */
import { site } from './site';

/** An unsubscribe link works this many days after it was made; then the policy page mails a new one. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

export const unsubscribeTexts = {
  confirmTitle: `Unsubscribe from the ${site.newsletterName}?`,
  confirmBody: (email: string) => `${email} will get no more newsletters from us.`,
  confirmButton: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  doneBody: (email: string) =>
    `${email} will get no more newsletters from us. You can subscribe again at any time from the foot of any page.`,
  badLinkTitle: 'This unsubscribe link does not work',
  badLinkBody: `It may be older than ${UNSUBSCRIBE_LINK_DAYS} days or cut short by your mail program. Ask for a new one on the privacy policy page.`,
  linkSentTitle: 'Check your inbox',
  linkSentBody: `If that address gets our newsletter, we have sent it a link to unsubscribe. The link works for ${UNSUBSCRIBE_LINK_DAYS} days.`,
  linkNotSent: 'No unsubscribe link was sent',
  mailSubject: `Unsubscribe from the ${site.newsletterName}`,
  subscribedSubject: `You are subscribed to the ${site.newsletterName}`,
  unavailable: 'Unsubscribing is not available right now. Please try again later, or write to us.',
  home: 'Back to the home page',
  policy: 'Go to the privacy policy',
} as const;
