/**
 * Double opt-in: a newsletter or waitlist sign-up counts only once the address opens the link we
 * mail to it and confirms. How long that link works and every word of its mail and pages, once.
 */
import { site } from '#lib/site';

/** A confirmation link works this many days after it was mailed; then signing up again mails a new one. */
export const CONFIRM_LINK_DAYS = 7;

export const optInTexts = {
  newsletter: {
    mailSubject: `Confirm your subscription to the ${site.newsletterName}`,
    mailBody: (email: string, url: string) => [
      `Someone, probably you, asked on ${site.name} for ${email} to get the ${site.newsletterName}.`,
      `To confirm, open this link and press the button: ${url}`,
      `The link works for ${CONFIRM_LINK_DAYS} days. If you did not ask, ignore this mail: you will get nothing more from us.`,
    ],
    askTitle: `Confirm your subscription to the ${site.newsletterName}`,
    askBody: (email: string) => `${email} will get the ${site.newsletterName}. You can leave at any time.`,
    doneTitle: 'Your subscription is confirmed',
    doneBody: (email: string) =>
      `${email} now gets the ${site.newsletterName}. Every newsletter carries a link to leave.`,
  },
  waitlist: {
    mailSubject: (editorName: string) => `Confirm your place on ${editorName}'s waitlist`,
    mailBody: (email: string, editorName: string, url: string) => [
      `Someone, probably you, asked on ${site.name} to tell ${email} when ${editorName} has an open slot.`,
      `To join the waitlist, open this link and press the button: ${url}`,
      `The link works for ${CONFIRM_LINK_DAYS} days. If you did not ask, ignore this mail: you will get nothing more from us.`,
    ],
    askTitle: (editorName: string) => `Join ${editorName}'s waitlist?`,
    askBody: (email: string, editorName: string) =>
      `We will write to ${email} when ${editorName} has an open slot. We tell a few people at a time, in the order they confirmed.`,
    doneTitle: 'You are on the waitlist',
    doneBody: (email: string, editorName: string) => `We will write to ${email} when ${editorName} has an open slot.`,
    goneBody: 'This editor takes no new families at the moment, so there is no waitlist to join.',
  },
  confirmButton: 'Confirm',
  badLinkTitle: 'This confirmation link does not work',
  badLinkBody: `It may be older than ${CONFIRM_LINK_DAYS} days or cut short by your mail program. Sign up again and we will send a new one.`,
  home: 'Back to the home page',
  notReactivatable:
    'This address left or never confirmed: only a confirmation e-mail, opened by its owner, makes it active again.',
  alreadyActive: 'This address already gets the newsletter.',
} as const;

/** The admin's words for mailing the link to an address that is not active (apart, so the admin island loads only these). */
export const optInAdminTexts = {
  sendConfirmation: 'Send confirmation',
  confirmationSent: 'Confirmation e-mail sent',
} as const;

/** What the waitlist dialog says once it sent the link (apart, so the editors' page loads only this). */
export const waitlistInstruction = (editorName: string) =>
  `Please check your inbox and open the link we sent to confirm your place on ${editorName}'s waitlist. Until then you are not on it.`;
