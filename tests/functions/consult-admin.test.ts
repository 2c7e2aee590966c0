/**
 * The admin side of the consult: availability windows and days off, the upcoming
 * consults, and cancelling one. Admin calls carry real ID tokens from the Auth emulator, which are
 * issued at the real time, so these tests run on the real clock and arrange slots relative to it;
 * what depends on the date itself is proven on fixed clocks in consult-booking and consult-slots.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminConsult from '../../netlify/functions/admin-consult';
import adminConsults from '../../netlify/functions/admin-consults';
import availabilityHandler from '../../netlify/functions/admin-consult-availability';
import { localDate } from '../../src/lib/consult-format';
import { consultMessages } from '../../src/lib/consult-messages';
import { BUSINESS_TIME_ZONE } from '../../src/lib/consult-rules';
import { DEFAULT_AVAILABILITY, WEEKDAYS, type Availability } from '../../src/lib/consult-availability';
import { site } from '../../src/lib/site';
import { seedDemoEditors } from '../../netlify/server/seed';
import { asAdmin, itRefusesAllButAdmins } from '../helpers/admin-access';
import { book, consultKeys, freeSlotList, mailsTo, storedBooking } from '../helpers/consults';
import { call, clearStore } from '../helpers/functions';

const AVAILABILITY = '/api/admin/consult-availability';
const getAvailability = async (headers: Record<string, string> = {}) => call(availabilityHandler, AVAILABILITY, { headers });
const putAvailability = async (json: unknown, headers: Record<string, string> = {}) => call(availabilityHandler, AVAILABILITY, { method: 'PUT', json, headers });
const list = async (headers: Record<string, string> = {}) => call(adminConsults, '/api/admin/consults', { headers });
const cancel = async (id: string, headers: Record<string, string> = {}) =>
  call(adminConsult, `/api/admin/consults/${id}`, { method: 'DELETE', params: { id }, headers });

/** Every day 09:00-18:00 New York time: whatever the real date, there are slots to book. */
const everyDay: Availability = { weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '09:00', end: '18:00' }]])) as Availability['weekly'], daysOff: [], openDates: [], meetingLink: '' };

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
    ['weekly.mon', { ...everyDay, weekly: { ...everyDay.weekly, mon: [{ start: '10:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } }, /windows must not overlap/],
    ['weekly.tue', { ...everyDay, weekly: { ...everyDay.weekly, tue: [{ start: '12:00', end: '10:00' }] } }, /must end after it starts/],
    ['weekly.wed.0.start', { ...everyDay, weekly: { ...everyDay.weekly, wed: [{ start: '10:10', end: '11:00' }] } }, /quarter hours/],
    ['weekly.sun', { ...everyDay, weekly: { ...everyDay.weekly, sun: undefined } }, /./],
    ['daysOff.0', { ...everyDay, daysOff: ['2026-02-30'] }, /dates such as/],
    ['daysOff', { ...everyDay, daysOff: ['2026-03-09', '2026-03-09'] }, /must not repeat/],
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

  it('lists the upcoming consults soonest first, with the editor named; a cancelled one is gone', async () => {
    await putAvailability(everyDay, await asAdmin());
    const [first, second, third] = await freeSlotList();
    const later = await book(third, { email: 'later@example.com', preferredEditor: 'maya-chen', name: 'Later <i>Family</i>' });
    const sooner = await book(first, { email: 'sooner@example.com' });
    const gone = await book(second, { email: 'gone@example.com' });
    await cancel(gone.body.id, await asAdmin());

    const res = await list(await asAdmin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([sooner.body.id, later.body.id]);
    expect(res.body.items[1]).toEqual({
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

    expect(await cancel(body.id, await asAdmin())).toMatchObject({ status: 409, body: { error: consultMessages.alreadyCancelled } });
  });

  it.each([
    ['an id no booking has', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a booking id', '..%2Fbookings'],
    ['an id with a slash', 'bookings/x'],
  ])('answers 404 for %s', async (_, id) => {
    expect(await cancel(id, await asAdmin())).toMatchObject({ status: 404, body: { error: consultMessages.consultNotFound } });
  });
});
