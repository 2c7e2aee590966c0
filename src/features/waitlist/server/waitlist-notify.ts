/**
 * Tells an editor's waitlist that the editor has room. An opening is the editor's open slots rising
 * from 0 (editors.repo.ts numbers it in the same write); every rise sets a 'waitlist' timer for the
 * editor's current opening, and the timer run calls this. Within an opening, the people waiting are
 * told first come first served, a few per open slot (more after each interval while slots stay
 * open); someone told is not told again until they join again, so a storm of openings reaches each
 * address once and never everyone at once.
 *
 * Each run is complete on its own: the chosen are marked told (compare-and-set on each entry) before
 * any mail, and every entry marked in this opening is then mailed with a `once` key, so a run cut
 * short anywhere is finished by the next with one mail per address.
 */
import { createHash } from 'node:crypto';
import { waitlistLinkPath, waitlistMail, waitlistQuota } from '../waitlist';
import { editorsRepo, isShown, WAITLIST_TIMER } from '#features/editors/server/editors.repo';
import { serverEnv } from '#server/core/env';
import { paragraphsMail, sendMail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';
import { timersRepo, type TimerHandler } from '#server/core/timers';
import { waitlistRepo, type WaitlistEntry } from './waitlist.repo';

/** The mail's `once` id: the editor, the opening and the address (hashed: no '/' or '@' in a key). */
const onceId = (editorId: string, opening: number, email: string) =>
  `waitlist-${editorId}-o${opening}-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;

async function tellWaitlist(
  editorId: string,
  opening: number,
  context: DeployInfo,
  now = new Date(),
): Promise<{ told: number }> {
  const editor = await editorsRepo(context).get(editorId);
  // A deleted or hidden editor takes no orders: their waitlist is not told.
  if (!editor || !isShown(editor)) return { told: 0 };
  const repo = waitlistRepo(context);
  const entries = await repo.all(editorId);
  const toldHere = entries.filter((entry) => entry.told?.opening === opening);
  const marked: WaitlistEntry[] = [];
  // Only the editor's current opening, while it lasts, tells anyone new; an earlier one only finishes its mails.
  if (editor.opening?.n === opening && editor.slotsOpen > 0) {
    const { quota, nextBatchAt } = waitlistQuota(editor.slotsOpen, new Date(editor.opening.at), now);
    const waiting = entries.filter((entry) => !entry.told);
    const chosen = waiting.slice(0, Math.max(0, quota - toldHere.length));
    const told = { at: now.toISOString(), opening };
    for (const entry of await Promise.all(chosen.map((e) => repo.markTold(editorId, e.email, told)))) {
      if (entry?.told?.opening === opening) marked.push(entry);
    }
    if (waiting.length > chosen.length)
      await timersRepo(context).schedule(nextBatchAt, editorId, WAITLIST_TIMER, opening);
  }
  const link = `${serverEnv().URL}${waitlistLinkPath(editorId)}`;
  const { subject, paragraphs } = waitlistMail(editor.name, link);
  const toMail = [...toldHere, ...marked];
  await Promise.all(
    toMail.map((entry) =>
      sendMail({ ...paragraphsMail(entry.email, subject, paragraphs), kind: 'waitlist' }, context, now, {
        id: onceId(editorId, opening, entry.email),
        at: new Date(entry.told!.at),
      }),
    ),
  );
  return { told: marked.length };
}

/** The waitlists' timers: an editor's waitlist told of an opening, a batch at a time (set when slots open). */
export const waitlistTimers: Record<string, TimerHandler<DeployInfo>> = {
  [WAITLIST_TIMER]: (timer, context, now) => tellWaitlist(timer.subjectId, Number(timer.ref), context, now),
};
