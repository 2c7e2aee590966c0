/**
 * Abuse by a signed-in person or a visitor: a burst of messages, steps or uploads is stopped per
 * person (429 with Retry-After and a message the page shows), a burst of messages e-mails the other
 * party once, a thread holds at most its declared number of messages, and our consult e-mail cannot
 * be sent to one address, or from one connection, more than a few times a day.
 */
import { describe, expect, it } from 'vitest';
import { projectsRepo } from '../../src/features/projects/server/projects.repo';
import { listOutbox } from '../../netlify/server/core/mail';
import { spend } from '../../netlify/server/core/rate-limits';
import { type ProjectMessage } from '../../src/features/projects/project';
import { DELIVERY_LIMITS, deliveryMessages } from '../../src/features/projects/process';
import { RATE_LIMITS, tooMany } from '../../src/lib/limits';
import { useAtomicBlobsServer } from '../helpers/atomic-blobs-server';
import { book, bookingRequest, freeSlotList } from '../helpers/consults';
import { clearStore } from '../helpers/functions';
import { selection } from '../helpers/orders';
import { act, paidOrder, upload, useDeliveryParties } from '../helpers/projects';

const parties = useDeliveryParties(['consults']);

describe('per person, with a fixed clock', () => {
  const at = new Date('2026-11-24T10:00:30.000Z');

  it('a window allows its limit, then answers 429 with the seconds until it ends; the next window starts afresh', async () => {
    const uid = `limit-${crypto.randomUUID()}`;
    for (let i = 0; i < RATE_LIMITS.step.limit; i++) await spend('step', uid, undefined, at);
    const refused = await spend('step', uid, undefined, at).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, message: tooMany('step', 30), headers: { 'Retry-After': '30' } });
    expect(tooMany('step', 30)).toBe('Too many steps in a short time. Please wait 30 seconds and try again.');
    // Someone else is not held back, nor is the same person in the next window.
    await spend('step', `other-${uid}`, undefined, at);
    await spend('step', uid, undefined, new Date('2026-11-24T10:01:00.000Z'));
  });
});

describe('against an in-memory store with real compare-and-set', () => {
  useAtomicBlobsServer();

  it('concurrent requests each count once: exactly the limit passes', async () => {
    const at = new Date('2026-11-24T10:00:30.000Z');
    const uid = `race-${crypto.randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: RATE_LIMITS.message.limit + 5 }, () => spend('message', uid, undefined, at)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RATE_LIMITS.message.limit);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status),
    ).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('through the endpoints', () => {
  it('a burst of messages is stopped at the limit with 429 and Retry-After, and e-mails the editor once', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    await clearStore('outbox');
    // Twice the limit and more: even if a window ends during the burst, some are refused.
    const answers = [];
    for (let i = 0; i < 2 * RATE_LIMITS.message.limit + 5; i++)
      answers.push(await act(parties.customer.idToken, id, 'message', { text: `Message ${i}` }));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const a of refused) {
      expect(a.body.error).toMatch(/^Too many messages in a short time\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const stored = (await projectsRepo().get(id))!.messages;
    expect(stored).toHaveLength(answers.filter((a) => a.status === 200).length);
    const toEditor = (await listOutbox())
      .map((m) => m.value)
      .filter((m) => m.to === 'maya@example.test' && m.subject.startsWith('New message about'));
    expect(toEditor).toHaveLength(1);
    expect(toEditor[0].text).toContain('Further messages within 10 minutes of this one are not e-mailed one by one');
  });

  it("the editor's reply in the same burst window is e-mailed to the family: the burst is per party", async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    await clearStore('outbox');
    await act(parties.customer.idToken, id, 'message', { text: 'A question' });
    await act(parties.editorToken, id, 'message', { text: 'An answer' });
    await act(parties.customer.idToken, id, 'message', { text: 'Thanks' });
    const mails = (await listOutbox()).map((m) => m.value).filter((m) => m.subject.startsWith('New message about'));
    expect(mails.map((m) => m.to).sort()).toEqual([parties.customer.email, 'maya@example.test'].sort());
  });

  it('a thread holds at most its declared number of messages', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    const message: ProjectMessage = {
      id: 'm',
      at: new Date().toISOString(),
      by: 'customer',
      author: parties.customer.email,
      text: 'x',
    };
    const found = (await projectsRepo().getForUpdate(id))!;
    const full = {
      ...found.value,
      messages: Array.from({ length: DELIVERY_LIMITS.messages }, (_, i) => ({ ...message, id: `m${i}` })),
    };
    await projectsRepo().replace(found.value, full, found.etag);
    expect(await act(parties.customer.idToken, id, 'message', { text: 'One more' })).toMatchObject({
      status: 409,
      body: { error: deliveryMessages.threadFull },
    });
    expect((await projectsRepo().get(id))!.messages).toHaveLength(DELIVERY_LIMITS.messages);
  });

  it('uploads past the limit are refused with 429 before the file is read', async () => {
    const {
      projectIds: [id],
    } = await paidOrder(parties.customer.idToken, selection({ services: [{ id: 'supplement-small', quantity: 1 }] }));
    for (let i = 0; i < RATE_LIMITS.upload.limit; i++) await spend('upload', parties.customer.uid);
    const res = await upload(parties.customer.idToken, id, 'My essay.');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many uploads in a short time/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('consult bookings', () => {
  it('one address books at most three consults a day: the fourth is 429 and sends nothing; a retry of a booking is not counted; another address still books', async () => {
    const slots = await freeSlotList();
    const email = `limit-${crypto.randomUUID()}@example.com`;
    const first = bookingRequest(slots[0], { email });
    expect((await book(slots[0], first)).status).toBe(201);
    // The same request again (a retry after a lost answer) finds its booking and counts nothing.
    expect((await book(slots[0], first)).status).toBe(201);
    expect((await book(slots[1], { email })).status).toBe(201);
    expect((await book(slots[2], { email })).status).toBe(201);
    await clearStore('outbox');
    const refused = await book(slots[3], { email });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many consults booked with this e-mail address in a short time\. Please wait \d+ (hours?|minutes?|seconds?) and try again\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await listOutbox()).length).toBe(0);
    expect((await book(slots[3], { email: `other-${email}` })).status).toBe(201);
  });

  it('one connection books at most ten a day, whatever the addresses', async () => {
    const { bookConsult } = await import('../../src/features/consults/server/consult-booking');
    const slots = await freeSlotList();
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < RATE_LIMITS.bookingByIp.limit; i++)
      await bookConsult(
        bookingRequest(slots[i], { email: `ip-${i}-${crypto.randomUUID()}@example.com` }) as never,
        {},
        { ip },
      );
    const refused = await bookConsult(
      bookingRequest(slots[10], { email: `ip-last-${crypto.randomUUID()}@example.com` }) as never,
      {},
      { ip },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many consults booked from this connection/),
    });
  });
});
