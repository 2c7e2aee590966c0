/**
 * A closed account's mails and owner notices: every mail we keep that names what the family gave (an
 * address or a name) is emptied in place, and every owner notice that names it says so instead. Keys
 * stay, so a flow's mail sent once is still known as sent, and a repeat finds nothing left to change.
 */
import { closureNotices } from '../privacy';
import { forgetNamesInNotices } from '#server/core/attention';
import { outboxAbout, replaceOutboxMail, type OutboxMail } from '#server/core/mail';
import type { DeployInfo } from '#server/storage/stores';

/** A mail kept with nothing of its person left: who sent it, when, and how it went. */
const emptied = (mail: OutboxMail, now: Date): OutboxMail => ({
  ...(mail.kind && { kind: mail.kind }),
  from: mail.from,
  queuedAt: mail.queuedAt,
  reason: mail.reason,
  ...(mail.sentAt && { sentAt: mail.sentAt }),
  ...(mail.gaveUpAt && { gaveUpAt: mail.gaveUpAt }),
  to: '',
  subject: closureNotices.mailRemoved,
  text: '',
  removedAt: now.toISOString(),
});

/**
 * Empties the mails that name any of `given` (the family's addresses and names). Only the mails about
 * the family are read: those that name one of its addresses or `orderIds` (a mail naming a family
 * carries its address, a reply-to it, or the order it is about).
 */
export async function forgetMails(given: string[], orderIds: string[], now: Date, info?: DeployInfo): Promise<void> {
  const words = given.map((w) => w.toLowerCase());
  if (words.length === 0) return;
  const names = (text: string) => words.some((w) => text.toLowerCase().includes(w));
  const items = await outboxAbout([...given.filter((w) => w.includes('@')), ...orderIds], info);
  await Promise.all(
    items
      .filter(({ value }) => !value.removedAt && names(JSON.stringify(value)))
      .map(({ key, value }) => replaceOutboxMail(key, value, emptied(value, now), info)),
  );
  await forgetNamesInNotices(names, closureNotices.scrubbed, orderIds, info);
}
