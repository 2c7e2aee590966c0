/**
 * The free 15-minute consult in a browser set to Asia/Kolkata: the visitor sees the
 * slots in their own zone, books one with the mouse or the keyboard, gets the confirmation on the
 * page and by e-mail, and cancels with the e-mail's link; the admin sets a day off, sees the booking
 * and cancels it. Expected times are worked out with the same Intl formatting, in Node.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  formatConsult,
  formatDate,
  formatDay,
  formatTime,
  groupByDay,
  localDate,
} from '../../src/features/consults/consult-format';
import { consultMessages } from '../../src/features/consults/consult-messages';
import { BUSINESS_TIME_ZONE, slotEnd, type FreeSlots } from '../../src/features/consults/consult-rules';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, adminToken, openAdmin, toasts } from '../helpers/e2e-admin';
import { islandsHydrated } from '../helpers/hydration';
import { DEFAULT_AVAILABILITY } from '../../src/features/consults/consult-availability';
import { uniqueEmail } from '../helpers/e2e-auth';
import { listStored } from '../helpers/stored';
import { keepScreenshot } from '../helpers/screens';

const ZONE = 'Asia/Kolkata';
test.use({ timezoneId: ZONE });
// The tests share the slots and the availability: one at a time.
test.describe.configure({ mode: 'serial' });

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  icalEvent?: { method: string; content: string };
}

/** Text as a pattern that allows any kind of space where ICU writes narrow or thin ones. */
const loosely = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
const freeSlots = async (request: APIRequestContext) =>
  ((await (await request.get('/api/consult/slots')).json()) as FreeSlots).slots;
const mailTo = (email: string, subject: RegExp) => async () =>
  (await listStored<StoredMail>('outbox')).find((mail) => mail.to === email && subject.test(mail.subject)) ?? null;

function bookingSection(page: Page) {
  const section = page.locator('#book-consult');
  return {
    section,
    days: section.getByRole('group', { name: 'Choose a day' }).getByRole('radio'),
    times: section.getByRole('group', { name: /^Choose a time on/ }).getByRole('radio'),
    zone: section.getByLabel('Your time zone'),
    name: section.getByLabel('Your name'),
    email: section.getByRole('textbox', { name: 'Email' }),
    major: section.getByLabel('Intended Major (optional)'),
    editor: section.getByLabel('Preferred Editor'),
    button: section.getByRole('button', { name: /Book Consult|Booking/ }),
    alert: section.getByRole('alert'),
  };
}

/** The accessible name of a slot's radio: its date and time in the visitor's zone. */
const slotName = (slot: string) => loosely(`${formatDay(slot, ZONE)}, ${formatTime(slot, ZONE)}`);

test('the home page sends families straight to the booking section', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Schedule a Free Consultation' }).click();
  await expect(page).toHaveURL(/\/contact#book-consult$/);
  await expect(page.getByRole('heading', { name: consultMessages.title })).toBeInViewport();
  await expect(bookingSection(page).days.first()).toBeChecked();
});

for (const width of [390, 1280]) {
  test(`a visitor in Kolkata books a consult and cancels it with the e-mailed link, at ${width} px`, async ({
    page,
    request,
  }) => {
    test.slow(); // axe four times and e-mails through the outbox
    await page.setViewportSize({ width, height: 900 });
    const kolkataDays = groupByDay(await freeSlots(request), ZONE);
    const slot = kolkataDays[1].slots[0];
    const when = loosely(formatConsult(slot, slotEnd(slot), ZONE));
    const email = uniqueEmail('consult');

    await page.goto('/contact#book-consult');
    const b = bookingSection(page);
    await expect(b.section.getByRole('heading', { name: consultMessages.title })).toBeVisible();
    await expect(b.zone).toHaveAccessibleDescription('Times are shown in India Standard Time.');
    await expect(b.days).toHaveCount(kolkataDays.length);
    await expect(b.days.first()).toBeChecked();
    await b.days.nth(1).check();
    await expect(b.times.first()).toHaveAccessibleName(slotName(slot));
    await b.section.getByRole('radio', { name: slotName(slot) }).check();
    await expect(b.section.getByText(when)).toBeVisible();
    await b.name.fill('Priya Raman');
    await b.email.fill(email);
    await b.major.selectOption({ label: 'STEM' });
    await b.editor.selectOption({ label: 'Maya Chen - Computer Science' });
    await expectNoAxeViolations(page);

    await b.button.click();
    const confirmation = b.section.getByRole('heading', { name: 'Your consult is booked' });
    await expect(confirmation).toBeFocused();
    await expect(b.section).toContainText(when);
    await expect(b.section).toContainText(email);
    await expectNoAxeViolations(page);
    expect(await freeSlots(request)).not.toContain(slot);

    // The e-mail: the invite, and the cancel link.
    const confirmationMail = mailTo(email, /^Your free consult is booked/);
    await expect.poll(confirmationMail).not.toBeNull();
    const invite = (await confirmationMail())!;
    expect(invite.icalEvent?.method).toBe('REQUEST');
    const link = /(https?:\/\/\S+\/cancel-consult#token=[\w-]{43})/.exec(invite.text)![1];

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel your consult');
    await expect(page.getByText(when)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel Consult' }).click();
    await expect(page.getByRole('heading', { name: 'Your consult is cancelled' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute(
      'href',
      '/contact#book-consult',
    );
    await expectNoAxeViolations(page);
    expect(await freeSlots(request)).toContain(slot);
    await expect.poll(async () => (await mailTo(email, /is cancelled$/)())?.icalEvent?.method).toBe('CANCEL');

    // The link again: nothing left to cancel, and the page says so.
    await page.reload();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(consultMessages.alreadyCancelled);
    await expect(page.getByRole('button', { name: 'Cancel Consult' })).toBeHidden();
  });
}

test('the slots can be chosen and booked with the keyboard alone, and another zone can be chosen', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('keys');
  await page.goto('/contact#book-consult');
  const b = bookingSection(page);
  await expect(b.days.first()).toBeChecked();

  await b.zone.selectOption('Europe/London');
  await expect(b.zone).toHaveAccessibleDescription(/^Times are shown in (Greenwich Mean|British Summer) Time\.$/);
  const londonDays = groupByDay(await freeSlots(request), 'Europe/London');
  await expect(b.days).toHaveCount(londonDays.length);

  const key = (k: string) => page.keyboard.press(k);
  await b.zone.focus();
  await key('Tab');
  await expect(b.days.first()).toBeFocused();
  await key('ArrowRight'); // the second day, chosen as it is reached
  await expect(b.days.nth(1)).toBeChecked();
  await key('Tab');
  await expect(b.times.first()).toBeFocused();
  await key('Space');
  await expect(b.times.first()).toBeChecked();
  const slot = londonDays[1].slots[0];
  await expect(b.times.first()).toHaveAccessibleName(
    loosely(`${formatDay(slot, 'Europe/London')}, ${formatTime(slot, 'Europe/London')}`),
  );
  await key('Tab');
  await expect(b.name).toBeFocused();
  await page.keyboard.type('Sam Keys');
  await key('Tab');
  await page.keyboard.type(email);
  await key('Tab');
  await key('Tab');
  await key('Tab');
  await expect(b.button).toBeFocused();
  await key('Enter');
  await expect(b.section.getByRole('heading', { name: 'Your consult is booked' })).toBeFocused();
  await expect(b.section).toContainText(loosely(formatConsult(slot, slotEnd(slot), 'Europe/London')));
  // The e-mails speak the zone the visitor chose.
  await expect.poll(async () => (await mailTo(email, /^Your free consult is booked/)())?.text ?? '').toMatch(/GMT|BST/);
});

test('a time taken meanwhile is refused, taken off the list, and another can be booked', async ({ page, request }) => {
  await page.goto('/contact#book-consult');
  const b = bookingSection(page);
  await expect(b.days.first()).toBeChecked();
  const slot = groupByDay(await freeSlots(request), ZONE)[0].slots[0];
  await b.section.getByRole('radio', { name: slotName(slot) }).check();
  await b.name.fill('Second Family');
  await b.email.fill(uniqueEmail('second'));
  // Someone else books the same time first.
  const first = await request.post('/api/consult/bookings', {
    data: {
      start: slot,
      name: 'First Family',
      email: uniqueEmail('first'),
      timeZone: ZONE,
      requestId: crypto.randomUUID(),
    },
  });
  expect(first.status()).toBe(201);

  await b.button.click();
  await expect(b.alert).toHaveText(consultMessages.slotTaken);
  await expect(b.section.getByRole('radio', { name: slotName(slot) })).toHaveCount(0);
  await expect(b.name).toHaveValue('Second Family');
  await b.times.first().check();
  await b.button.click();
  await expect(b.section.getByRole('heading', { name: 'Your consult is booked' })).toBeVisible();
});

test('booked, but the answer lost on the way: Book Consult again finishes the same booking, not "just taken"', async ({
  page,
  request,
}) => {
  await page.goto('/contact#book-consult');
  const b = bookingSection(page);
  await expect(b.days.first()).toBeChecked();
  const slot = groupByDay(await freeSlots(request), ZONE)[0].slots.at(-1)!;
  const email = uniqueEmail('lost-answer');
  await b.section.getByRole('radio', { name: slotName(slot) }).check();
  await b.name.fill('Lost Answer Family');
  await b.email.fill(email);
  // The booking reaches the server and is stored; the answer does not reach the page.
  await page.route(
    '**/api/consult/bookings',
    async (route) => {
      await route.fetch();
      await route.fulfill({ status: 503, json: { error: 'We could not save that; please try again.' } });
    },
    { times: 1 },
  );

  await b.button.click();
  await expect(b.alert).toHaveText(consultMessages.bookingFailed);
  await b.button.click();
  await expect(b.section.getByRole('heading', { name: 'Your consult is booked' })).toBeVisible();
  await expect
    .poll(async () => (await listStored<StoredMail>('outbox')).filter((mail) => mail.to === email).length)
    .toBe(1);
  expect(await freeSlots(request)).not.toContain(slot);
});

test("an address that booked three consults today is told to wait, in the server's words, and keeps what it typed", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('many');
  const slots = await freeSlots(request);
  for (const start of slots.slice(-3)) {
    const booked = await request.post('/api/consult/bookings', {
      data: { start, name: 'Many Bookings', email, timeZone: ZONE, requestId: crypto.randomUUID() },
    });
    expect(booked.status()).toBe(201);
  }
  await page.goto('/contact#book-consult');
  const b = bookingSection(page);
  await expect(b.days.first()).toBeChecked();
  await b.times.first().check();
  await b.name.fill('Many Bookings');
  await b.email.fill(email);
  await b.button.click();
  await expect(b.alert).toHaveText(
    /^Too many consults booked with this e-mail address in a short time\. Please wait \d+ (hours?|minutes?|seconds?) and try again\.$/,
  );
  await expect(b.email).toHaveValue(email);
  await expect(b.times.first()).toBeChecked();
});

/** A New York date with free slots on which nobody is booked: a day off there cancels nothing. */
async function dayWithoutBookings(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/admin/consults', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const items = (await res.json()).items as { start: string; status: string }[];
  const bookedDays = new Set(
    items.filter((i) => i.status === 'booked').map((i) => localDate(i.start, BUSINESS_TIME_ZONE)),
  );
  return [...new Set((await freeSlots(request)).map((s) => localDate(s, BUSINESS_TIME_ZONE)))].find(
    (d) => !bookedDays.has(d),
  )!;
}

test('the admin sets a day off, sees a booking and cancels it', async ({ page, request }) => {
  test.slow(); // sign-in, axe at two widths, e-mails through the outbox
  const [slot] = await freeSlots(request);
  const family = `Admin Test ${Date.now()}`;
  const email = uniqueEmail('admin-consult');
  const booked = await request.post('/api/consult/bookings', {
    data: {
      start: slot,
      name: family,
      email,
      preferredEditor: 'maya-chen',
      timeZone: ZONE,
      requestId: crypto.randomUUID(),
    },
  });
  expect(booked.status()).toBe(201);
  // A New York date with slots and no booked consult (the tests before booked some), for the day off.
  const dayOff = await dayWithoutBookings(request);

  await openAdmin(page, request);
  await page.getByRole('tab', { name: 'Consults', exact: true }).click();
  const card = page.getByRole('article', { name: family });
  await expect(card).toContainText(loosely(formatConsult(slot, slotEnd(slot), BUSINESS_TIME_ZONE)));
  await expect(card).toContainText(email);
  await expect(card).toContainText('Maya Chen');
  await expect(page.getByRole('group', { name: 'Monday' }).getByLabel('From').first()).toHaveValue('10:00');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  }

  // A day off: its slots are gone at once.
  await page.getByLabel('Date', { exact: true }).fill(dayOff);
  await page.getByRole('button', { name: 'Add day off' }).click();
  await expect(page.getByRole('list', { name: 'Days off' })).toContainText(formatDate(dayOff));
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(toasts(page)).toContainText(consultMessages.availabilitySaved);
  expect((await freeSlots(request)).some((s) => localDate(s, BUSINESS_TIME_ZONE) === dayOff)).toBe(false);

  // Cancel the booking: the visitor is told, the slot is free.
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: `Cancel consult with ${family}` }).click();
  await expect(toasts(page)).toContainText(consultMessages.consultCancelled);
  await expect(card).toContainText(consultMessages.cancelledBy.admin);
  await expect(card.getByRole('button', { name: /Cancel consult/ })).toHaveCount(0);
  expect(await freeSlots(request)).toContain(slot);
  await expect.poll(async () => (await mailTo(email, /is cancelled$/)())?.text ?? '').toContain('we had to cancel');

  // Back to no days off, for whatever runs next.
  await page.getByRole('button', { name: `Remove day off ${formatDate(dayOff)}` }).click();
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('No days off.')).toBeVisible();
  await expect
    .poll(async () => (await freeSlots(request)).some((s) => localDate(s, BUSINESS_TIME_ZONE) === dayOff))
    .toBe(true);
});

/** Presses Enter on `name`'s button, reached as a keyboard user reaches it. */
async function pressButton(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}
const adminApi = async (request: APIRequestContext, method: 'get' | 'put', data?: unknown) => {
  const token = await adminToken(request);
  const res = await request[method]('/api/admin/consult-availability', {
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.json();
};
/** Back to the default hours with no link, for whatever runs next. */
const resetAvailability = async (request: APIRequestContext) => adminApi(request, 'put', DEFAULT_AVAILABILITY);

for (const width of [1280, 390]) {
  test(`the admin sets the meeting link with the keyboard, and the booking's mails carry it, at ${width} px`, async ({
    page,
    request,
  }) => {
    test.slow(); // sign-in, axe, e-mails through the outbox
    await resetAvailability(request);
    const link = `https://meet.example.com/beacon-${width}`;
    const own = `https://meet.example.com/own-${width}`;
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, request);
    await page.getByRole('tab', { name: 'Consults', exact: true }).click();

    // The time fields show their AM/PM whole.
    const from = page.getByRole('group', { name: 'Monday' }).getByLabel('From').first();
    await expect(from).toHaveValue('10:00');
    expect((await from.boundingBox())!.width).toBeGreaterThanOrEqual(150);
    await page.getByRole('group', { name: 'Monday' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, `consult-hours-${width}`);

    await page.getByLabel('Link to join the call').focus();
    await page.keyboard.type('http://not-secure.example.com');
    await pressButton(page, 'Save availability');
    await expect(page.getByText('the meeting link must be an https address')).toBeVisible();
    await page.getByLabel('Link to join the call').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(link);
    await pressButton(page, 'Save availability');
    await expect(toasts(page)).toContainText(consultMessages.availabilitySaved);
    expect((await adminApi(request, 'get')).availability.meetingLink).toBe(link);

    const [slot] = await freeSlots(request);
    const family = `Link Family ${width} ${Date.now()}`;
    const email = uniqueEmail('consult-link');
    const booked = await request.post('/api/consult/bookings', {
      data: { start: slot, name: family, email, timeZone: ZONE, requestId: crypto.randomUUID() },
    });
    expect(booked.status()).toBe(201);
    const confirmation = mailTo(email, /^Your free consult is booked/);
    await expect.poll(async () => (await confirmation())?.text ?? '').toContain(`Join the call: ${link}`);
    expect((await confirmation())!.icalEvent!.content).toContain(`LOCATION:${link}`);

    // The consult's own link: the card says which applies, and the visitor is told the new one.
    await page.reload();
    await islandsHydrated(page);
    const card = page.getByRole('article', { name: family });
    await expect(card).toContainText(`${link} (from the availability)`);
    await card.getByLabel(/This consult's own meeting link/).focus();
    await page.keyboard.type(own);
    await card.getByRole('button', { name: /Save link/ }).focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(consultMessages.linkSaved);
    await expect(card).toContainText(`${own} (this consult's own)`);
    await expect
      .poll(async () => (await mailTo(email, /^The link to join/)())?.text ?? '')
      .toContain(`Join the call: ${own}`);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `consult-link-${width}`);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);

    const token = await adminToken(request);
    await request.delete(`/api/admin/consults/${(await booked.json()).id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await resetAvailability(request);
  });
}

test('a day off over a booked consult: kept across tabs, warned, cancelled with the visitor told, shown cancelled', async ({
  page,
  request,
}) => {
  test.slow(); // sign-in, axe at two widths, e-mails through the outbox
  await resetAvailability(request);
  // A day nobody else is booked on: the warning then names this family alone.
  const dayOff = await dayWithoutBookings(request);
  const slot = (await freeSlots(request)).find((s) => localDate(s, BUSINESS_TIME_ZONE) === dayOff)!;
  const family = `Day Off Family ${Date.now()}`;
  const email = uniqueEmail('consult-dayoff');
  const booked = await request.post('/api/consult/bookings', {
    data: { start: slot, name: family, email, timeZone: ZONE, requestId: crypto.randomUUID() },
  });
  expect(booked.status()).toBe(201);

  await openAdmin(page, request);
  await page.getByRole('tab', { name: 'Consults', exact: true }).click();
  // Typed, not added, and the admin looks at another tab: it is still there on return.
  await page.getByLabel('Date', { exact: true }).fill(dayOff);
  await page.getByRole('tab', { name: 'Orders', exact: true }).click();
  await page.getByRole('tab', { name: 'Consults', exact: true }).click();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(dayOff);
  await expect(page.getByText(consultMessages.unsavedDraft)).toBeVisible();

  // Saving adds it, and the booked consult on it is shown before anything is saved.
  await pressButton(page, 'Save availability');
  const warning = page.getByRole('alert').filter({ hasText: consultMessages.conflictsOnDaysOff(1) });
  await expect(warning).toBeFocused();
  await expect(warning).toContainText(family);
  await expect(page.getByRole('list', { name: 'Days off' })).toContainText(formatDate(dayOff));
  expect((await adminApi(request, 'get')).availability.daysOff).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await warning.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `consult-dayoff-${width}`);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  }

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Cancel this consult and save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(consultMessages.availabilitySavedCancelling(1));
  await expect(warning).toHaveCount(0);
  const card = page.getByRole('article', { name: family });
  await expect(card).toContainText(consultMessages.cancelledBy.admin);
  await expect.poll(async () => (await mailTo(email, /is cancelled$/)())?.text ?? '').toContain('we had to cancel');
  expect((await freeSlots(request)).some((s) => localDate(s, BUSINESS_TIME_ZONE) === dayOff)).toBe(false);
  await page.setViewportSize({ width: 390, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'consult-cancelled-390');
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);

  await resetAvailability(request);
});

test('the admin opens a Saturday with hours of its own, with the keyboard, and visitors are offered it', async ({
  page,
  request,
}) => {
  test.slow(); // sign-in and axe at two widths
  await resetAvailability(request);
  const today = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);
  const saturday = [...Array(12).keys()]
    .map((i) => new Date(Date.parse(`${today}T12:00:00Z`) + (i + 2) * 86_400_000).toISOString().slice(0, 10))
    .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6)!;
  const onSaturday = async () =>
    (await freeSlots(request)).filter((s) => localDate(s, BUSINESS_TIME_ZONE) === saturday);
  expect(await onSaturday()).toEqual([]);

  await openAdmin(page, request);
  await page.getByRole('tab', { name: 'Consults', exact: true }).click();
  await page.getByLabel('Open date').fill(saturday);
  await pressButton(page, 'Open this date');
  const day = page.getByRole('group', { name: formatDate(saturday) });
  await expect(day.getByLabel('From', { exact: true })).toHaveValue('10:00');
  await expect(day.getByLabel('To', { exact: true })).toHaveValue('12:00');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await day.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `consult-open-date-${width}`);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  }
  await pressButton(page, 'Save availability');
  await expect(toasts(page)).toContainText(consultMessages.availabilitySaved);
  // 10:00 to 12:00 New York time: eight 15-minute slots.
  await expect.poll(async () => (await onSaturday()).length).toBe(8);

  await resetAvailability(request);
});
