/**
 * Telling a waitlist that its editor has room: how many at a time, how often, and what they read.
 * One place for the rules the server applies and the words the admin and the family read.
 */
import { site } from '#lib/site';

/** People told for each open slot in one batch: a few, so one slot does not reach everyone at once. */
export const WAITLIST_TOLD_PER_SLOT = 3;

/** While an opening lasts and its slots stay open, the next few in line are told after this long. */
export const WAITLIST_BATCH_INTERVAL_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * How many of an opening's waitlist may have been told by `now`: a batch per open slot when it
 * opened, and another each interval while it stays open.
 */
export function waitlistQuota(slotsOpen: number, openedAt: Date, now: Date): { quota: number; nextBatchAt: Date } {
  const batches = 1 + Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / WAITLIST_BATCH_INTERVAL_MS));
  return {
    quota: WAITLIST_TOLD_PER_SLOT * slotsOpen * batches,
    nextBatchAt: new Date(openedAt.getTime() + batches * WAITLIST_BATCH_INTERVAL_MS),
  };
}

/** Where the e-mail's link leads: the order page with the editor chosen. */
export const waitlistLinkPath = (editorId: string) => `/select-services?editor=${encodeURIComponent(editorId)}`;

/** The e-mail to someone on an editor's waitlist when the editor has room. */
export const waitlistMail = (editorName: string, link: string) => ({
  subject: `${editorName} has an open slot`,
  paragraphs: [
    `Good news: ${editorName} has an open slot at ${site.name}. You asked us to tell you.`,
    `This link opens our order page with ${editorName} already chosen: ${link}`,
    `Nothing is held for you: we told a few people on the waitlist at once, in the order they confirmed, and the slot goes to whoever orders first. If it has gone by the time you look, join the waitlist again on ${editorName}'s card and we will tell you at the next opening.`,
  ],
});

/** How the admin reads an entry's state. */
export const waitlistStatus = (told: { at: string } | null) => (told ? 'Told' : 'Waiting');
