/**
 * What the consult e-mails promise, kept, on a fixed clock: the meeting link (the availability's, or a
 * consult's own) in the confirmation, the reminder and the invite, or honestly "it will follow"; a
 * visitor already booked is told a new link once; a day off over booked consults is refused until the
 * admin cancels them, each visitor told; dates opened or closed beyond the weekly hours change the
 * slots; and cancelled consults stay in the admin's list. The admin's changes are called as the
 * endpoints call them, with `now`; the endpoints themselves are tested in consult-admin.test.ts.
 */
import { getStore } from '@netlify/blobs';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsultLink, updateAvailability } from '../../server/consult-admin';
import { sendDueReminders } from '../../server/consult-reminders';
import { consultsRepo } from '../../server/consults.repo';
import { DEFAULT_AVAILABILITY, type Availability } from '../../consult-availability';
import { consultMessages } from '../../consult-messages';
import { book, cancelTokenFor, cancelWith, freeSlotList, mailsTo, storedBooking } from '#tests/consults';
import { clearStore } from '#tests/functions';

// Monday 2 March 2026, noon in New York (EST).
const NOW = new Date('2026-03-02T17:00:00.000Z');
const TUESDAY_10 = '2026-03-03T15:00:00.000Z';
const FRIDAY_10 = '2026-03-06T15:00:00.000Z';
const SATURDAY_9 = '2026-03-07T14:00:00.000Z';
const FRIDAY_REMINDER_DUE = new Date('2026-03-05T15:00:00.000Z');
const LINK = 'https://meet.example.com/beacon-consults';
const OWN_LINK = 'https://meet.example.com/pat-only';
const NEW_LINK = 'https://video.example.org/room/2';
const ADMIN = 'boss@example.test';

const withLink = (meetingLink: string): Availability => ({ ...DEFAULT_AVAILABILITY, meetingLink });
const save = (availability: Availability, cancel: string[] = [], now = NOW) =>
  updateAvailability(availability, cancel, ADMIN, {}, now);
const subjects = async (to: string) => (await mailsTo(to)).map((m) => m.subject);
const linkNotices = async (to: string) => (await mailsTo(to)).filter((m) => m.subject.startsWith('The link to join'));
const parseInvite = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('limits'), clearStore('editors')]);
});
afterEach(() => vi.useRealTimers());

describe('the meeting link', () => {
  it('not set yet: the confirmation says honestly that it will follow, and carries no link', async () => {
    expect((await book(FRIDAY_10, { email: 'pat@example.com' })).status).toBe(201);
    const [confirmation] = await mailsTo('pat@example.com');
    expect(confirmation.text).toContain('Before the consult we will e-mail you a link to join the call.');
    expect(confirmation.text).not.toContain('Join the call');
    expect(parseInvite(confirmation.icalEvent!.content).event.location).toBeNull();
  });

  it('set before booking: the confirmation and its invite carry it, and no separate notice follows', async () => {
    await save(withLink(LINK));
    const { body } = await book(FRIDAY_10, { email: 'pat@example.com' });
    const [confirmation] = await mailsTo('pat@example.com');
    expect(confirmation.text).toContain(`Join the call: ${LINK}`);
    expect(confirmation.html).toContain(`<a href="${LINK}">Join the call</a>`);
    const { event } = parseInvite(confirmation.icalEvent!.content);
    expect(event.location).toBe(LINK);
    expect(event.description).toContain(LINK);
    expect((await storedBooking(body.id))!.history).toEqual([{ type: 'booked', at: NOW.toISOString(), link: LINK }]);

    await save(withLink(LINK));
    expect(await subjects('pat@example.com')).toHaveLength(1);
  });

  it('set after booking: each visitor booked is told once, with an updated invite; saving again tells nobody again', async () => {
    const pat = (await book(FRIDAY_10, { email: 'pat@example.com' })).body;
    await book(TUESDAY_10, { email: 'sam@example.com' });
    const later = new Date(NOW.getTime() + 3_600_000);
    await save(withLink(LINK), [], later);
    await save(withLink(LINK), [], later);

    for (const email of ['pat@example.com', 'sam@example.com']) {
      const notices = await linkNotices(email);
      expect(notices).toHaveLength(1);
      expect(notices[0].text).toContain(`Join the call: ${LINK}`);
    }
    const { method, event } = parseInvite((await linkNotices('pat@example.com'))[0].icalEvent!.content);
    expect(method).toBe('REQUEST');
    expect(event.location).toBe(LINK);
    expect(event.sequence).toBe(1);
    expect(await storedBooking(pat.id)).toMatchObject({
      sequence: 1,
      history: [{ type: 'booked' }, { type: 'link-sent', at: later.toISOString(), link: LINK }],
    });

    // A changed link is news again; the cancellation that follows outranks the updated invite.
    await save(withLink(NEW_LINK), [], new Date(later.getTime() + 60_000));
    expect((await linkNotices('pat@example.com')).map((m) => m.text.includes(NEW_LINK))).toEqual([false, true]);
    expect((await cancelWith(await cancelTokenFor('pat@example.com'))).status).toBe(200);
    const cancellation = (await mailsTo('pat@example.com')).find((m) => m.subject.endsWith('is cancelled'))!;
    expect(parseInvite(cancellation.icalEvent!.content).event.sequence).toBe(3);
  });

  it('the reminder carries the link that applies when it is sent', async () => {
    const { body } = await book(FRIDAY_10, { email: 'pat@example.com' });
    await save(withLink(LINK));
    await setConsultLink(body.id, OWN_LINK, {}, NOW);
    expect(await sendDueReminders({}, FRIDAY_REMINDER_DUE)).toEqual({ sent: 1 });
    const reminder = (await mailsTo('pat@example.com')).find((m) => m.subject.startsWith('Reminder'))!;
    expect(reminder.text).toContain(`Join the call: ${OWN_LINK}`);
    expect(reminder.text).not.toContain(LINK);
  });

  it('with none set, the reminder too says the link will follow', async () => {
    await book(FRIDAY_10, { email: 'pat@example.com' });
    await sendDueReminders({}, FRIDAY_REMINDER_DUE);
    const reminder = (await mailsTo('pat@example.com')).find((m) => m.subject.startsWith('Reminder'))!;
    expect(reminder.text).toContain('we will e-mail you a link to join the call');
  });

  it("a consult's own link wins over the availability's; cleared, the availability's applies and is sent", async () => {
    const pat = (await book(FRIDAY_10, { email: 'pat@example.com' })).body;
    await book(TUESDAY_10, { email: 'sam@example.com' });
    const item = await setConsultLink(pat.id, OWN_LINK, {}, NOW);
    expect(item).toMatchObject({ meetingLink: OWN_LINK, joinLink: OWN_LINK });
    expect((await linkNotices('pat@example.com')).map((m) => m.text.includes(OWN_LINK))).toEqual([true]);
    expect(await linkNotices('sam@example.com')).toEqual([]);

    await save(withLink(LINK));
    expect(await linkNotices('pat@example.com')).toHaveLength(1);
    expect(await linkNotices('sam@example.com')).toHaveLength(1);

    // Setting the same link again is no news.
    await setConsultLink(pat.id, OWN_LINK, {}, NOW);
    expect(await linkNotices('pat@example.com')).toHaveLength(1);

    expect(await setConsultLink(pat.id, '', {}, NOW)).toMatchObject({ meetingLink: null, joinLink: LINK });
    expect((await linkNotices('pat@example.com')).map((m) => m.text.includes(LINK))).toEqual([false, true]);
    expect((await storedBooking(pat.id))!.meetingLink).toBeUndefined();
  });

  it('a cancelled consult takes no link and tells nobody', async () => {
    const { body } = await book(FRIDAY_10, { email: 'pat@example.com' });
    await cancelWith(await cancelTokenFor('pat@example.com'));
    await expect(setConsultLink(body.id, OWN_LINK, {}, NOW)).rejects.toMatchObject({
      status: 409,
      message: consultMessages.cancelledNoLink,
    });
    await save(withLink(LINK));
    expect(await linkNotices('pat@example.com')).toEqual([]);
  });
});

describe('a day off over booked consults', () => {
  it('is refused with the consults on it, and nothing is saved or cancelled', async () => {
    const { body } = await book(TUESDAY_10, { email: 'pat@example.com', name: 'Pat Rivera' });
    await book(FRIDAY_10, { email: 'sam@example.com' });
    const result = await save({ ...DEFAULT_AVAILABILITY, daysOff: ['2026-03-03'] });
    expect(result).toEqual({
      conflicts: [expect.objectContaining({ id: body.id, name: 'Pat Rivera', start: TUESDAY_10, status: 'booked' })],
    });
    expect((await consultsRepo().availability()).updatedAt).toBeNull();
    expect(await storedBooking(body.id)).toMatchObject({ status: 'booked' });
    expect(await mailsTo('pat@example.com')).toHaveLength(1);
  });

  it('is refused again when a consult the admin was not shown is on it', async () => {
    const pat = (await book(TUESDAY_10, { email: 'pat@example.com' })).body;
    const sam = (await book('2026-03-03T15:15:00.000Z', { email: 'sam@example.com' })).body;
    const result = await save({ ...DEFAULT_AVAILABILITY, daysOff: ['2026-03-03'] }, [pat.id]);
    expect('conflicts' in result && result.conflicts.map((c) => c.id).sort()).toEqual([pat.id, sam.id].sort());
    expect(await storedBooking(pat.id)).toMatchObject({ status: 'booked' });
  });

  it('with each named: they are cancelled by our team, each visitor told, then the day off is saved', async () => {
    const { body } = await book(TUESDAY_10, { email: 'pat@example.com' });
    const result = await save({ ...DEFAULT_AVAILABILITY, daysOff: ['2026-03-03'] }, [body.id]);
    expect('saved' in result && result.saved.availability.daysOff).toEqual(['2026-03-03']);
    expect(await storedBooking(body.id)).toMatchObject({
      status: 'cancelled',
      history: [{ type: 'booked' }, { type: 'cancelled', by: 'admin', admin: ADMIN }],
    });
    const cancellation = (await mailsTo('pat@example.com')).find((m) => m.subject.endsWith('is cancelled'))!;
    expect(cancellation.text).toContain('we had to cancel');
    expect(cancellation.icalEvent?.method).toBe('CANCEL');
    expect((await freeSlotList()).filter((s) => s.startsWith('2026-03-03'))).toEqual([]);
  });
});

describe('an availability stored before open dates and the meeting link existed', () => {
  it('reads with both empty, and its days off still close their dates', async () => {
    const { openDates: _, meetingLink: __, ...old } = DEFAULT_AVAILABILITY;
    await getStore({ name: 'consults', consistency: 'strong' }).setJSON('availability', {
      availability: { ...old, daysOff: ['2026-03-03'] },
      updatedAt: NOW.toISOString(),
    });
    expect((await consultsRepo().availability()).availability).toEqual({
      ...DEFAULT_AVAILABILITY,
      daysOff: ['2026-03-03'],
    });
    expect((await freeSlotList()).filter((s) => s.startsWith('2026-03-03'))).toEqual([]);
    expect((await book(FRIDAY_10, { email: 'pat@example.com' })).status).toBe(201);
  });
});

describe('dates beyond the weekly hours', () => {
  it('an opened Saturday is offered and bookable; a closed Tuesday (holiday) is not', async () => {
    expect(await freeSlotList()).not.toContain(SATURDAY_9);
    await save({
      ...DEFAULT_AVAILABILITY,
      daysOff: ['2026-03-03'],
      openDates: [{ date: '2026-03-07', windows: [{ start: '09:00', end: '10:00' }] }],
    });
    const slots = await freeSlotList();
    expect(slots.filter((s) => s.startsWith('2026-03-07'))).toEqual([
      SATURDAY_9,
      '2026-03-07T14:15:00.000Z',
      '2026-03-07T14:30:00.000Z',
      '2026-03-07T14:45:00.000Z',
    ]);
    expect(slots.filter((s) => s.startsWith('2026-03-03'))).toEqual([]);
    expect((await book(SATURDAY_9, { email: 'weekend@example.com' })).status).toBe(201);
    expect((await book(TUESDAY_10, { email: 'holiday@example.com' })).status).toBe(400);
  });
});

describe('cancelled consults in the admin list', () => {
  it('stay, marked cancelled, with who cancelled, in order among the booked ones', async () => {
    const pat = (await book(TUESDAY_10, { email: 'pat@example.com' })).body;
    await book(FRIDAY_10, { email: 'sam@example.com' });
    await cancelWith(await cancelTokenFor('pat@example.com'));
    // Rebooked by someone else: both the cancelled and the new booking of that time are listed (by id within a time).
    const ana = (await book(TUESDAY_10, { email: 'ana@example.com' })).body;
    const tuesday = [
      [ana.id, 'ana@example.com', 'booked'],
      [pat.id, 'pat@example.com', 'cancelled'],
    ]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, email, status]) => [email, status]);
    const listed = await consultsRepo().bookingsBetween(NOW, new Date('2026-03-17T00:00:00.000Z'));
    expect(listed.map((b) => [b.email, b.status])).toEqual([...tuesday, ['sam@example.com', 'booked']]);
    expect(listed.find((b) => b.id === pat.id)!.history.at(-1)).toMatchObject({ type: 'cancelled', by: 'visitor' });
  });
});
