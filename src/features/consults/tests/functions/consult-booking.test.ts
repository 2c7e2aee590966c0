/**
 * Booking and cancelling the free consult through its endpoints, on a fixed clock: the
 * server offers and accepts only the slots the availability makes, claims each slot once, e-mails an
 * invite with a cancel link whose token it keeps only as a hash, and cancelling frees the slot. The
 * races run concurrently against the in-memory store with real compare-and-set (decision 008).
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import lookup from '#functions/consult-lookup';
import slotsHandler from '#functions/consult-slots';
import { consultUid } from '../../server/consult-calendar';
import { listOutbox } from '#server/core/mail';
import { consultsRepo } from '../../server/consults.repo';
import { seedDemoEditors } from '#features/editors/server/seed';
import { consultMessages } from '../../consult-messages';
import { DEFAULT_AVAILABILITY } from '../../consult-availability';
import { site } from '#lib/site';
import { useAtomicBlobsServer } from '#tests/atomic-blobs-server';
import {
  book,
  cancelTokenFor,
  cancelWith,
  consultKeys,
  freeSlotList,
  mailsTo,
  storedBooking,
  storedText,
} from '#tests/consults';
import { call, clearStore } from '#tests/functions';

// Monday 2 March 2026, noon in New York (EST). The first slot is Tuesday 10:00 EST.
const NOW = new Date('2026-03-02T17:00:00.000Z');
const TUESDAY_10 = '2026-03-03T15:00:00.000Z';
const FRIDAY_10 = '2026-03-06T15:00:00.000Z';
const MONDAY_10_EDT = '2026-03-09T14:00:00.000Z';

const lookUp = (token: string) => call(lookup, '/api/consult/lookup', { method: 'POST', json: { token } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const parseInvite = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
};

function useFixedClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
}

describe('against the local Blobs server', () => {
  useFixedClock();
  beforeEach(async () => {
    await Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('editors'), clearStore('limits')]);
    await seedDemoEditors();
  });

  describe('no relay for what a visitor types', () => {
    const LURE = 'Hi your account is suspended - sign in at https://evil.example/login';

    it("the e-mails to the address given greet by a cleaned first name at most, and carry no other text of the visitor's", async () => {
      expect((await book(FRIDAY_10, { email: 'victim@example.com', name: LURE })).status).toBe(201);
      expect((await cancelWith(await cancelTokenFor('victim@example.com'))).status).toBe(200);
      const toVisitor = await mailsTo('victim@example.com');
      expect(toVisitor).toHaveLength(2);
      for (const mail of toVisitor) {
        const all = JSON.stringify(mail);
        for (const part of ['evil', 'suspended', 'sign in at', 'account']) expect(all, part).not.toContain(part);
        expect(mail.text).toMatch(/^Hi Hi,/);
      }
      // The business's copy, to us, has the name as typed.
      const notices = (await listOutbox(undefined, 50)).map((m) => m.value).filter((m) => m.to === site.email);
      expect(notices.map((m) => m.text).join('\n')).toContain(LURE);
    });

    it('a name with nothing to greet by gets "Hi there"', async () => {
      await book(FRIDAY_10, { email: 'nameless@example.com', name: '*** http://x.example ***' });
      const [confirmation] = await mailsTo('nameless@example.com');
      expect(confirmation.text).toMatch(/^Hi there,/);
      expect(JSON.stringify(confirmation)).not.toContain('x.example');
    });
  });

  describe('GET /api/consult/slots', () => {
    it('offers the default weekday hours of the next 14 days, from 12 hours ahead, uncached', async () => {
      const { status, headers, body } = await call(slotsHandler, '/api/consult/slots');
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(body.timeZone).toBe('America/New_York');
      expect(body.slots).toHaveLength(9 * 20 + 8);
      expect(body.slots[0]).toBe(TUESDAY_10);
      expect(body.slots).toContain(MONDAY_10_EDT);
    });

    it('leaves out a booked slot, and offers it again once cancelled', async () => {
      await book(FRIDAY_10, { email: 'friday@example.com' });
      expect(await freeSlotList()).not.toContain(FRIDAY_10);
      expect(await freeSlotList()).toHaveLength(9 * 20 + 8 - 1);
      expect((await cancelWith(await cancelTokenFor('friday@example.com'))).status).toBe(200);
      expect(await freeSlotList()).toContain(FRIDAY_10);
    });

    it('leaves out booked slots on both sides of a year end: the claims of each month in view are read', async () => {
      vi.setSystemTime(new Date('2026-12-28T17:00:00.000Z')); // Monday noon in New York
      const december = '2026-12-29T15:00:00.000Z';
      const january = '2027-01-04T15:00:00.000Z';
      expect(await freeSlotList()).toEqual(expect.arrayContaining([december, january]));
      await book(december, { email: 'december@example.com' });
      await book(january, { email: 'january@example.com' });
      const free = await freeSlotList();
      expect(free).not.toContain(december);
      expect(free).not.toContain(january);
      expect(free).toContain('2027-01-04T15:15:00.000Z');
      const held = await consultsRepo().heldBookings(new Date(december), new Date(january));
      expect(held.map((b) => b.email)).toEqual(['december@example.com', 'january@example.com']);
    });
  });

  describe('POST /api/consult/bookings', () => {
    it('books an offered slot: the booking with its history, the claim, the reminder a day ahead', async () => {
      const res = await book(FRIDAY_10, { email: '  Pat@Example.COM ', preferredEditor: 'maya-chen' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        start: FRIDAY_10,
        end: '2026-03-06T15:15:00.000Z',
        email: 'pat@example.com',
      });
      const { id } = res.body;
      expect(await storedBooking(id)).toEqual({
        id,
        start: FRIDAY_10,
        end: '2026-03-06T15:15:00.000Z',
        name: 'Pat Rivera',
        email: 'pat@example.com',
        intendedMajor: 'stem',
        preferredEditor: 'maya-chen',
        timeZone: 'Asia/Kolkata',
        status: 'booked',
        sequence: 0,
        createdAt: NOW.toISOString(),
        history: [{ type: 'booked', at: NOW.toISOString() }],
      });
      const keys = await consultKeys();
      expect(keys.filter((k) => !k.startsWith('tokens/'))).toEqual([
        `booked/${NOW.toISOString().slice(0, 10)}/${id}`,
        `bookings/${id}`,
        `reminders/2026-03-05/2026-03-05T15:00:00.000Z/${id}`,
        `slots/2026-03-06/${FRIDAY_10}`,
      ]);
      expect(keys.filter((k) => k.startsWith('tokens/'))).toHaveLength(1);
    });

    it('e-mails the visitor an invite and a cancel link, and the business a copy; the token is stored only as its hash', async () => {
      const { body } = await book(MONDAY_10_EDT, { name: 'Pat <b>Rivera</b>' });
      const [visitor] = await mailsTo('pat@example.com');
      expect(visitor.subject).toMatch(/^Your free consult is booked: Monday, March 9 at 7:30\sPM$/);
      expect(visitor.text).toContain('Monday, March 9, 2026, 7:30');
      expect(visitor.text).toContain('GMT+5:30');
      expect(visitor.text).toMatch(/10:00\s–\s10:15\sAM EDT/);
      // To the visitor's address, their first name only; the business's copy has the name, escaped.
      expect(visitor.html).toContain('Hi Pat,');
      expect(visitor.html).not.toContain('Rivera');
      const [copy] = await mailsTo(site.email);
      expect(copy.html).toContain('Pat &lt;b&gt;Rivera&lt;/b&gt;');
      expect(copy.html).not.toContain('<b>Rivera');
      const token = await cancelTokenFor('pat@example.com');
      expect(visitor.text).toContain(`http://localhost:8888/cancel-consult#token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      expect(visitor.icalEvent).toMatchObject({ method: 'REQUEST', filename: 'consult.ics' });
      const { method, event } = parseInvite(visitor.icalEvent!.content);
      expect([method, event.uid, event.sequence]).toEqual(['REQUEST', consultUid(body.id), 0]);
      expect(event.startDate.toJSDate().toISOString()).toBe(MONDAY_10_EDT);

      const [business] = await mailsTo(site.email);
      expect(business).toMatchObject({ replyTo: 'pat@example.com', icalEvent: { method: 'REQUEST' } });
      expect(business.text).toMatch(/When: Monday, March 9, 2026, 10:00\s–\s10:15\sAM EDT/);
      expect(business.text).toContain('Intended major: STEM');

      const stored = await storedText();
      expect(stored).not.toContain(token);
      expect(stored).toContain(`tokens/${sha256(token)}`);
    });

    it('books a second visitor on another slot, and answers 409 "That time was just taken" for the same slot', async () => {
      const first = await book(TUESDAY_10, { email: 'first@example.com' });
      const second = await book(TUESDAY_10, { email: 'second@example.com' });
      expect([first.status, second.status]).toEqual([201, 409]);
      expect(second.body).toEqual({ error: consultMessages.slotTaken });
      expect(second.body.error).toMatch(/^That time was just taken/);
      expect((await book('2026-03-03T15:15:00.000Z', { email: 'second@example.com' })).status).toBe(201);
      expect((await consultKeys('bookings/')).length).toBe(2);
      expect(await mailsTo('second@example.com')).toHaveLength(1);
    });

    it.each([
      ['a time between slots', '2026-03-03T15:05:00.000Z'],
      ['a Saturday', '2026-03-07T15:00:00.000Z'],
      ['a weekday outside the windows', '2026-03-03T13:00:00.000Z'],
      ['a slot inside the 12 hours of notice', '2026-03-02T20:00:00.000Z'],
      ['a slot in the past', '2026-03-02T15:00:00.000Z'],
      ['a slot 14 days ahead or later', '2026-03-16T19:00:00.000Z'],
    ])('refuses %s that a crafted request asks for: 400 naming start, nothing stored', async (_, start) => {
      const res = await book(start);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: consultMessages.slotNotOffered });
      expect(await consultKeys()).toEqual([]);
    });

    it('refuses a slot on a day off', async () => {
      await consultsRepo().saveAvailability({ ...DEFAULT_AVAILABILITY, daysOff: ['2026-03-03'] });
      expect((await book(TUESDAY_10)).status).toBe(400);
      expect(await freeSlotList()).not.toContain(TUESDAY_10);
    });

    it.each([
      ['start', { start: 'tomorrow at ten' }],
      ['start', { start: 1_700_000_000 }],
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(121) }],
      ['email', { email: 'pat@example' }],
      ['intendedMajor', { intendedMajor: 'astrology' }],
      ['preferredEditor', { preferredEditor: 'nobody-here' }],
      ['timeZone', { timeZone: 'Mars/Olympus' }],
      ['timeZone', { timeZone: undefined }],
    ])('answers 400 naming %s for bad input, and stores nothing', async (field, overrides) => {
      const res = await book(TUESDAY_10, overrides);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(new RegExp(`^${field}\\b`));
      expect(await consultKeys()).toEqual([]);
    });

    it('keeps no reminder for a consult booked less than a day ahead', async () => {
      const { body } = await book(TUESDAY_10);
      expect(await consultKeys('reminders/')).toEqual([]);
      expect(await storedBooking(body.id)).toMatchObject({ status: 'booked' });
    });
  });

  describe('the cancel link', () => {
    async function booked(start = FRIDAY_10, email = 'pat@example.com') {
      const { body } = await book(start, { email });
      return { id: body.id as string, token: await cancelTokenFor(email) };
    }

    it('shows the consult before anything changes', async () => {
      const { token, id } = await booked();
      const res = await lookUp(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body).toEqual({
        start: FRIDAY_10,
        end: '2026-03-06T15:15:00.000Z',
        timeZone: 'Asia/Kolkata',
        status: 'booked',
        cancelledAt: null,
      });
      expect(await storedBooking(id)).toMatchObject({ status: 'booked', sequence: 0 });
    });

    it('cancels: the slot is free again, the history says who, the reminder is gone, and the cancellation goes out', async () => {
      const { id, token } = await booked();
      vi.setSystemTime(new Date('2026-03-03T09:00:00.000Z'));
      const res = await cancelWith(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        start: FRIDAY_10,
        end: '2026-03-06T15:15:00.000Z',
        timeZone: 'Asia/Kolkata',
        status: 'cancelled',
        cancelledAt: '2026-03-03T09:00:00.000Z',
      });
      expect(await storedBooking(id)).toMatchObject({
        status: 'cancelled',
        sequence: 1,
        history: [
          { type: 'booked', at: NOW.toISOString() },
          { type: 'cancelled', at: '2026-03-03T09:00:00.000Z', by: 'visitor' },
        ],
      });
      expect(await consultKeys('slots/')).toEqual([]);
      expect(await consultKeys('reminders/')).toEqual([]);

      const [invite, cancellation] = await mailsTo('pat@example.com');
      expect(cancellation.subject).toBe('Your free consult on Friday, March 6 is cancelled');
      expect(cancellation.text).toContain('http://localhost:8888/contact#book-consult');
      const before = parseInvite(invite.icalEvent!.content).event;
      const after = parseInvite(cancellation.icalEvent!.content);
      expect(after.method).toBe('CANCEL');
      expect(after.event.uid).toBe(before.uid);
      expect(after.event.sequence).toBe(1);
      expect((await mailsTo(site.email)).map((m) => m.subject)).toEqual([
        expect.stringMatching(/^New consult/),
        expect.stringMatching(/^Consult cancelled/),
      ]);

      // Someone else may book the time now.
      expect((await book(FRIDAY_10, { email: 'next@example.com' })).status).toBe(201);
    });

    it('says why a repeated cancel or a cancel after a rebooking changes nothing', async () => {
      const { id, token } = await booked();
      await cancelWith(token);
      const { body: rebooked } = await book(FRIDAY_10, { email: 'next@example.com' });
      const before = await storedText();
      const again = await cancelWith(token);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: consultMessages.alreadyCancelled });
      expect(await storedText()).toBe(before);
      expect(await consultKeys('slots/')).toEqual([`slots/2026-03-06/${FRIDAY_10}`]);
      expect(await storedBooking(rebooked.id)).toMatchObject({ status: 'booked' });
      expect((await lookUp(token)).body).toMatchObject({ status: 'cancelled' });
      expect((await storedBooking(id))!.history).toHaveLength(2);
    });

    it('does not cancel a consult that has begun', async () => {
      const { token } = await booked();
      vi.setSystemTime(new Date(FRIDAY_10));
      const res = await cancelWith(token);
      expect(res).toMatchObject({ status: 409, body: { error: consultMessages.alreadyHappened } });
      expect(await consultKeys('slots/')).toHaveLength(1);
    });

    it('answers 404 to a well-formed token it never gave out, and 400 naming token to anything else', async () => {
      await booked();
      const unknown = 'A'.repeat(43);
      expect(await lookUp(unknown)).toMatchObject({ status: 404, body: { error: consultMessages.badCancelLink } });
      expect(await cancelWith(unknown)).toMatchObject({ status: 404, body: { error: consultMessages.badCancelLink } });
      for (const token of ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}/`, 42]) {
        const res = await call(lookup, '/api/consult/lookup', { method: 'POST', json: { token } });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^token/);
      }
      expect(await consultKeys('slots/')).toHaveLength(1);
    });
  });
});

describe('races, against an in-memory store with real compare-and-set', () => {
  useAtomicBlobsServer();
  useFixedClock();
  beforeEach(() => Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('limits')]));

  it('50 concurrent bookings of one slot: exactly one booking, 49 times "That time was just taken"', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(FRIDAY_10, { email: `racer-${i}@example.com` })),
    );
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const answer of lost) expect(answer.body).toEqual({ error: consultMessages.slotTaken });

    const { id, email } = won[0].body;
    expect(await consultKeys('bookings/')).toEqual([`bookings/${id}`]);
    expect(await consultKeys('tokens/')).toHaveLength(1);
    expect(await consultKeys('reminders/')).toHaveLength(1);
    expect(await consultKeys('slots/')).toEqual([`slots/2026-03-06/${FRIDAY_10}`]);
    expect(await consultsRepo().heldBookings(new Date(FRIDAY_10), new Date(FRIDAY_10))).toMatchObject([{ id, email }]);
    // One invite to the winner, one copy to the business, nothing to anyone else.
    const mails = (await mailsTo(email)).concat(await mailsTo(site.email));
    expect(mails).toHaveLength(2);
    expect(await freeSlotList()).not.toContain(FRIDAY_10);
  });

  it('a cancel racing rebookings of its slot (and a repeat of itself): one cancel, at most one new holder, never two', async () => {
    const slots = (await freeSlotList()).slice(0, 8);
    let held = 0;
    for (const [round, slot] of slots.entries()) {
      const first = await book(slot, { email: `holder-${round}@example.com` });
      const token = await cancelTokenFor(`holder-${round}@example.com`);
      const [cancelled, repeated, ...rebookings] = await Promise.all([
        cancelWith(token),
        cancelWith(token),
        ...Array.from({ length: 10 }, (_, i) => book(slot, { email: `rebook-${round}-${i}@example.com` })),
      ]);
      expect([cancelled.status, repeated.status].sort()).toEqual([200, 409]);
      const winners = rebookings.filter((r) => r.status === 201);
      expect(rebookings.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(winners.length).toBeLessThanOrEqual(1);

      const holders = await consultsRepo().heldBookings(new Date(slot), new Date(slot));
      expect(holders.map((b) => b.id)).toEqual(winners.map((w) => w.body.id));
      expect((await storedBooking(first.body.id))!.status).toBe('cancelled');
      expect((await freeSlotList()).includes(slot)).toBe(winners.length === 0);
      // The losers' records are gone: what is left is each round's cancelled booking and its new holder.
      held += winners.length;
      const stored = await Promise.all(
        (await consultKeys('bookings/')).map((key) => storedBooking(key.slice('bookings/'.length))),
      );
      expect(stored.filter((b) => b!.status === 'cancelled')).toHaveLength(round + 1);
      expect(stored.filter((b) => b!.status === 'booked')).toHaveLength(held);
    }
  });
});
