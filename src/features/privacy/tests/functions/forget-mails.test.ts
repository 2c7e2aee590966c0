/**
 * A closed account's mails, found without reading the outbox: the mails sent to the family, the ones
 * a reply goes to them from, and the ones about their orders and projects are emptied; a long outbox of
 * other people's mail is neither read nor changed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox, sendMail, type KindedMail } from '#server/core/mail';
import { closureNotices } from '../../privacy';
import { forgetMails } from '../../server/forget-mails';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';

const blobs = useAtomicBlobsServer();
const AT = new Date('2026-03-01T12:00:00.000Z');
const OTHERS = 300;

const FAMILY = { parent: 'Dana Okafor', student: 'Kemi Okafor', email: 'dana.okafor@example.com' };
const ORDER = 'BCC-OKA234';

const mail = (to: string, subject: string, text: string, extra: Partial<KindedMail> = {}): KindedMail => ({
  to,
  subject,
  text,
  kind: 'order',
  ...extra,
});

/** What names the family, one mail each way it can. */
const FAMILY_MAILS = [
  mail(FAMILY.email, `Your order ${ORDER} is confirmed`, `Thank you, ${FAMILY.parent}.`),
  mail('team@example.com', 'A consult was booked', `${FAMILY.parent} booked a consult.`, {
    replyTo: FAMILY.email,
    kind: 'consult',
  }),
  mail('maya@example.com', `New order ${ORDER}`, `${FAMILY.student} chose you.`),
  mail('maya@example.com', `A new draft for ${ORDER}-2`, `${FAMILY.student} sent round 1.`, { kind: 'project' }),
];
/** About the family's order, but naming nothing the family gave: kept as it is. */
const ABOUT_THE_ORDER_ONLY = mail('owner@example.com', `A refund of ${ORDER} failed`, 'The provider refused it.');

describe("a closed account's mails", () => {
  beforeEach(() => blobs.reset());

  it('are found by address and by order, reading none of the rest of the outbox', async () => {
    for (let start = 0; start < OTHERS; start += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          sendMail(mail(`other-${start + k}@example.com`, `Your order BCC-OTH${start + k}`, 'Hello.'), undefined, AT),
        ),
      );
    for (const m of [...FAMILY_MAILS, ABOUT_THE_ORDER_ONLY]) await sendMail(m, undefined, AT);

    await listOutbox(undefined, 1); // the first read marks the outbox's keys complete, as on any site in use
    blobs.takeRequests();
    await forgetMails([FAMILY.email, FAMILY.parent, FAMILY.student], [ORDER], AT);
    const reads = blobs.takeRequests().filter((r) => r.store.endsWith('outbox') && r.method === 'GET');
    // One read per mail that could name the family, not one per mail kept.
    expect(reads.length).toBeLessThanOrEqual(FAMILY_MAILS.length + 1);

    const kept = (await listOutbox(undefined, OTHERS + 10)).map((m) => m.value);
    expect(kept).toHaveLength(OTHERS + FAMILY_MAILS.length + 1);
    const text = JSON.stringify(kept);
    for (const words of Object.values(FAMILY)) expect(text).not.toContain(words);
    expect(kept.filter((m) => m.subject === closureNotices.mailRemoved)).toHaveLength(FAMILY_MAILS.length);
    expect(kept.find((m) => m.subject === ABOUT_THE_ORDER_ONLY.subject)?.text).toBe(ABOUT_THE_ORDER_ONLY.text);
    expect(kept.filter((m) => m.to === 'other-7@example.com')).toHaveLength(1);
  });
});
