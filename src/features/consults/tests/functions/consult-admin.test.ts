/**
 * The admin side of the consult: availability windows and days off, the upcoming
 * consults, and cancelling one. Admin calls carry real ID tokens from the Auth emulator, which are
 * issued at the real time, so these tests run on the real clock and arrange slots relative to it;
 * what depends on the date itself is proven on fixed clocks in consult-booking and consult-slots.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminConsult from '#functions/admin-consult';
import adminConsults from '#functions/admin-consults';
import availabilityHandler from '#functions/admin-consult-availability';
import { localDate } from '../../consult-format';
import { consultMessages } from '../../consult-messages';
import { BUSINESS_TIME_ZONE } from '../../consult-rules';
import { DEFAULT_AVAILABILITY, WEEKDAYS, type Availability } from '../../consult-availability';
import { site } from '#lib/site';
import { seedDemoEditors } from '#features/editors/server/seed';
import { asAdmin, itRefusesAllButAdmins } from '#tests/admin-access';
import { book, consultKeys, freeSlotList, mailsTo, storedBooking } from '#tests/consults';
import { call, clearStore } from '#tests/functions';

const AVAILABILITY = '/api/admin/consult-availability';
const getAvailability = async (headers: Record<string, string> = {}) =>
  call(availabilityHandler, AVAILABILITY, { headers });
const putAvailability = async (json: unknown, headers: Record<string, string> = {}) =>
  call(availabilityHandler, AVAILABILITY, { method: 'PUT', json, headers });
const list = async (headers: Record<string, string> = {}) => call(adminConsults, '/api/admin/consults', { headers });
const cancel = async (id: string, headers: Record<string, string> = {}) =>
  call(adminConsult, `/api/admin/consults/${id}`, { method: 'DELETE', params: { id }, headers });
const setLink = async (id: string, json: unknown, headers: Record<string, string> = {}) =>
  call(adminConsult, `/api/admin/consults/${id}`, { method: 'PATCH', params: { id }, json, headers });

/** Every day 09:00-18:00 New York time: whatever the real date, there are slots to book. */
const everyDay: Availability = {
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '09:00', end: '18:00' }]])) as Availability['weekly'],
  daysOff: [],
  openDates: [],
  meetingLink: '',
};

beforeAll(async () => {
  await clearStore('editors');
  await seedDemoEditors();
});
beforeEach(() => Promise.all([clearStore('consults'), clearStore('outbox'), clearStore('limits')]));

describe('GET and PUT /api/admin/consult-availability', () => {
  itRefusesAllButAdmins((headers) => getAvailability(headers));
  itRefusesAllButAdmins((headers) => putAvailability(everyDay, headers));

  it('answers the defaults (weekdays 10-12 and 14-17 New York time) until the admin saves, privately', async () => {
    const res = await getAvailability(await asAdmin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ availability: DEFAULT_AVAILABILITY, updatedAt: null });
  });

  it('saves windows and days off, and the slots follow at once', async () => {
    expect((await putAvailability(everyDay, await asAdmin())).status).toBe(200);
    const dayOff = localDate((await freeSlotList())[0], BUSINESS_TIME_ZONE);
    const saved = await putAvailability({ ...everyDay, daysOff: [dayOff] }, await asAdmin());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ availability: { ...everyDay, daysOff: [dayOff] }, updatedAt: expect.any(String) });
    expect((await getAvailability(await asAdmin())).body).toEqual(saved.body);
    const after = await freeSlotList();
    expect(after.some((slot) => localDate(slot, BUSINESS_TIME_ZONE) === dayOff)).toBe(false);
    expect(after.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'weekly.mon',
      {
        ...everyDay,
        weekly: {
          ...everyDay.weekly,
          mon: [
            { start: '10:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
      /windows must not overlap/,
    ],
    [
      'weekly.tue',
      { ...everyDay, weekly: { ...everyDay.weekly, tue: [{ start: '12:00', end: '10:00' }] } },
      /must end after it starts/,
    ],
    [
      'weekly.wed.0.start',
      { ...everyDay, weekly: { ...everyDay.weekly, wed: [{ start: '10:10', end: '11:00' }] } },
      /quarter hours/,
    ],
    ['weekly.sun', { ...everyDay, weekly: { ...everyDay.weekly, sun: undefined } }, /./],
    ['daysOff.0', { ...everyDay, daysOff: ['2026-02-30'] }, /dates such as/],
    ['daysOff', { ...everyDay, daysOff: ['2026-03-09', '2026-03-09'] }, /must not repeat/],
    ['meetingLink', { ...everyDay, meetingLink: 'http://meet.example.com/x' }, /https address/],
    ['meetingLink', { ...everyDay, meetingLink: 'javascript:alert(1)' }, /https address/],
    [
      'openDates',
      {
        ...everyDay,
        daysOff: ['2026-03-09'],
        openDates: [{ date: '2026-03-09', windows: [{ start: '10:00', end: '11:00' }] }],
      },
      /both a day off and an open date/,
    ],
    ['openDates.0.windows', { ...everyDay, openDates: [{ date: '2026-03-09', windows: [] }] }, /needs hours/],
    ['cancelConsults.0', { ...everyDay, cancelConsults: ['../bookings/x'] }, /UUIDs/],
  ])('answers 400 naming %s, and keeps what was saved', async (field, body, message) => {
    const res = await putAvailability(body, await asAdmin());
    expect(res.status).toBe(400);
    expect(res.body.error.startsWith(`${field}:`)).toBe(true);
    expect(res.body.error).toMatch(message);
    expect((await getAvailability(await asAdmin())).body.updatedAt).toBeNull();
  });
});

describe('GET /api/admin/consults', () => {
  itRefusesAllButAdmins((headers) => list(headers));

  it('lists the upcoming consults soonest first, with the editor named and the link that applies; a cancelled one stays, marked so', async () => {
    await putAvailability(everyDay, await asAdmin());
    const [first, second, third] = await freeSlotList();
    const later = await book(third, {
      email: 'later@example.com',
      preferredEditor: 'maya-chen',
      name: 'Later <i>Family</i>',
    });
    const sooner = await book(first, { email: 'sooner@example.com' });
    const gone = await book(second, { email: 'gone@example.com' });
    await cancel(gone.body.id, await asAdmin());

    const res = await list(await asAdmin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
      [sooner.body.id, 'booked'],
      [gone.body.id, 'cancelled'],
      [later.body.id, 'booked'],
    ]);
    expect(res.body.items[1].history.at(-1)).toEqual({
      type: 'cancelled',
      at: expect.any(String),
      by: 'admin',
      admin: 'boss@example.test',
    });
    expect(res.body.items[2]).toEqual({
      id: later.body.id,
      start: third,
      end: expect.any(String),
      name: 'Later <i>Family</i>',
      email: 'later@example.com',
      intendedMajor: 'stem',
      preferredEditor: 'maya-chen',
      preferredEditorName: 'Maya Chen',
      timeZone: 'Asia/Kolkata',
      status: 'booked',
      history: [{ type: 'booked', at: expect.any(String) }],
      meetingLink: null,
      joinLink: null,
    });
    expect(res.body.items[0].preferredEditorName).toBeNull();
  });
});

describe('DELETE /api/admin/consults/:id', () => {
  itRefusesAllButAdmins((headers) => cancel('00000000-0000-4000-8000-000000000000', headers));

  it('cancels for the business: the history names the admin, the slot is free, the visitor is told', async () => {
    await putAvailability(everyDay, await asAdmin());
    const [slot] = await freeSlotList();
    const { body } = await book(slot, { email: 'family@example.com' });
    const res = await cancel(body.id, await asAdmin());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: body.id, status: 'cancelled' });
    expect((await storedBooking(body.id))!.history).toEqual([
      { type: 'booked', at: expect.any(String) },
      { type: 'cancelled', at: expect.any(String), by: 'admin', admin: 'boss@example.test' },
    ]);
    expect(await freeSlotList()).toContain(slot);
    expect(await consultKeys('slots/')).toEqual([]);

    const [, cancellation] = await mailsTo('family@example.com');
    expect(cancellation.text).toContain('we had to cancel');
    expect(cancellation.icalEvent?.method).toBe('CANCEL');
    // The business needs no copy of its own cancellation.
    expect((await mailsTo(site.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^New consult/)]);

    expect(await cancel(body.id, await asAdmin())).toMatchObject({
      status: 409,
      body: { error: consultMessages.alreadyCancelled },
    });
  });

  it.each([
    ['an id no booking has', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a booking id', '..%2Fbookings'],
    ['an id with a slash', 'bookings/x'],
  ])('answers 404 for %s', async (_, id) => {
    expect(await cancel(id, await asAdmin())).toMatchObject({
      status: 404,
      body: { error: consultMessages.consultNotFound },
    });
  });
});

describe('PUT /api/admin/consult-availability over booked consults', () => {
  it('answers 409 with the consults on the new day off and saves nothing; naming them cancels them and saves', async () => {
    await putAvailability(everyDay, await asAdmin());
    const [slot] = await freeSlotList();
    const { body } = await book(slot, { email: 'family@example.com', name: 'Family Name' });
    const dayOff = localDate(slot, BUSINESS_TIME_ZONE);
    const before = (await getAvailability(await asAdmin())).body;

    const refused = await putAvailability({ ...everyDay, daysOff: [dayOff] }, await asAdmin());
    expect(refused.status).toBe(409);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(refused.body).toEqual({
      error: consultMessages.conflictsOnDaysOff(1),
      conflicts: [expect.objectContaining({ id: body.id, name: 'Family Name', start: slot, status: 'booked' })],
    });
    expect((await getAvailability(await asAdmin())).body).toEqual(before);

    const saved = await putAvailability({ ...everyDay, daysOff: [dayOff], cancelConsults: [body.id] }, await asAdmin());
    expect(saved.status).toBe(200);
    expect(saved.body.availability.daysOff).toEqual([dayOff]);
    expect(await storedBooking(body.id)).toMatchObject({ status: 'cancelled' });
    expect((await mailsTo('family@example.com')).map((m) => m.subject)).toEqual([
      expect.stringMatching(/is booked/),
      expect.stringMatching(/is cancelled$/),
    ]);
  });
});

describe('PATCH /api/admin/consults/:id', () => {
  itRefusesAllButAdmins((headers) =>
    setLink('00000000-0000-4000-8000-000000000000', { meetingLink: 'https://meet.example.com/a' }, headers),
  );

  it("sets the consult's own link and e-mails it to the visitor; '' goes back to the availability's", async () => {
    await putAvailability({ ...everyDay, meetingLink: 'https://meet.example.com/everyone' }, await asAdmin());
    const [slot] = await freeSlotList();
    const { body } = await book(slot, { email: 'family@example.com' });
    const res = await setLink(body.id, { meetingLink: ' https://meet.example.com/family ' }, await asAdmin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({
      id: body.id,
      meetingLink: 'https://meet.example.com/family',
      joinLink: 'https://meet.example.com/family',
    });
    const notice = (await mailsTo('family@example.com')).find((m) => m.subject.startsWith('The link to join'))!;
    expect(notice.text).toContain('Join the call: https://meet.example.com/family');
    const listed = (await list(await asAdmin())).body.items[0];
    expect(listed).toMatchObject({
      meetingLink: 'https://meet.example.com/family',
      joinLink: 'https://meet.example.com/family',
    });
    expect((await setLink(body.id, { meetingLink: '' }, await asAdmin())).body).toMatchObject({
      meetingLink: null,
      joinLink: 'https://meet.example.com/everyone',
    });
  });

  it.each([
    ['an http link', { meetingLink: 'http://meet.example.com/a' }],
    ['no link at all', {}],
    ['a link too long', { meetingLink: `https://meet.example.com/${'a'.repeat(500)}` }],
  ])('answers 400 for %s', async (_, json) => {
    await putAvailability(everyDay, await asAdmin());
    const { body } = await book((await freeSlotList())[0], { email: 'family@example.com' });
    const res = await setLink(body.id, json, await asAdmin());
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^meetingLink\b/);
  });

  it('answers 404 for an unknown or unsafe id, 409 for a cancelled consult', async () => {
    const admin = await asAdmin();
    expect(await setLink('00000000-0000-4000-8000-000000000000', { meetingLink: '' }, admin)).toMatchObject({
      status: 404,
      body: { error: consultMessages.consultNotFound },
    });
    expect(await setLink('..%2Fbookings', { meetingLink: '' }, admin)).toMatchObject({ status: 404 });
    await putAvailability(everyDay, admin);
    const { body } = await book((await freeSlotList())[0], { email: 'family@example.com' });
    await cancel(body.id, admin);
    expect(await setLink(body.id, { meetingLink: 'https://meet.example.com/a' }, admin)).toMatchObject({
      status: 409,
      body: { error: consultMessages.cancelledNoLink },
    });
  });
});
