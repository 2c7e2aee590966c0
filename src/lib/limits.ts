/**
 * How much one person (a signed-in uid) or one visitor (an address, an IP) may do in a window: far
 * above what real use needs, well below what a script would do. Above it: 429 with Retry-After and
 * the message below. Netlify's own limits count requests per IP a minute; these count what a request
 * does, per whoever does it.
 */
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const RATE_LIMITS = {
  step: { limit: 60, windowMs: MINUTE_MS },
  message: { limit: 20, windowMs: MINUTE_MS },
  upload: { limit: 30, windowMs: 10 * MINUTE_MS },
  /** An editor's bio saves: each one builds the site again. */
  profileSave: { limit: 10, windowMs: 60 * MINUTE_MS },
  /** An editor's sample edits saved or deleted: each one sent for approval, or the site built again. */
  sampleSave: { limit: 20, windowMs: 60 * MINUTE_MS },
  /** A parent inviting the student, or ending that: each invitation is an e-mail to someone. */
  studentAccess: { limit: 10, windowMs: 60 * MINUTE_MS },
  /** Invitations mailed to one student address, however many parents or orders name it. */
  studentInvite: { limit: 2, windowMs: 60 * MINUTE_MS },
  /** Mails asking one address to confirm a newsletter or waitlist sign-up (the sign-up form and the admin's). */
  confirmMail: { limit: 3, windowMs: 60 * MINUTE_MS },
  /** Consults booked by one address, and from one IP, a day. */
  bookingByAddress: { limit: 3, windowMs: DAY_MS },
  bookingByIp: { limit: 10, windowMs: DAY_MS },
  /** Unsubscribe links mailed to one address: each is an e-mail to someone. */
  unsubscribeLink: { limit: 3, windowMs: 60 * MINUTE_MS },
  /** Applications to edit for us from one address: each is a mail back to it. */
  application: { limit: 3, windowMs: DAY_MS },
  /** Downloads of one person's data: each reads everything they have. */
  dataExport: { limit: 5, windowMs: 60 * MINUTE_MS },
  /** Receipts drawn for one person (a family or an admin): each starts a worker that draws a PDF. */
  receipt: { limit: 30, windowMs: 10 * MINUTE_MS },
} as const;
export type RateLimit = keyof typeof RATE_LIMITS;

/** "45 seconds", "3 minutes", "5 hours": how long to wait, rounded up. */
function wait(seconds: number): string {
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

const WHAT: Record<RateLimit, string> = {
  step: 'steps',
  message: 'messages',
  upload: 'uploads',
  profileSave: 'profile saves',
  sampleSave: 'sample saves',
  studentAccess: "changes to the student's access",
  studentInvite: 'invitations to this address',
  confirmMail: 'confirmation e-mails to this address',
  bookingByAddress: 'consults booked with this e-mail address',
  bookingByIp: 'consults booked from this connection',
  unsubscribeLink: 'unsubscribe links sent to this address',
  application: 'applications from this address',
  dataExport: 'data downloads',
  receipt: 'receipts',
};

export const tooMany = (kind: RateLimit, seconds: number) =>
  `Too many ${WHAT[kind]} in a short time. Please wait ${wait(seconds)} and try again.`;
