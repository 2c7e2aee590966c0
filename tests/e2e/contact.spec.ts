import { expect, test, type Page } from '@playwright/test';
import { DEMO_EDITORS } from '../../src/features/editors/server/seed';
import { CONTACT_SERVICE_OPTIONS, TURNAROUND_OPTIONS } from '../../src/lib/catalogue';
import { turnaroundLabel } from '../../src/lib/contact';
import { messages } from '../../src/lib/messages';
import { site, telHref } from '../../src/lib/site';
import { expectNoAxeViolations } from '../helpers/axe';
import { islandsHydrated } from '../helpers/hydration';
import { listStored } from '../helpers/stored';

const serviceLabel = (id: string) => CONTACT_SERVICE_OPTIONS.find((o) => o.id === id)!.label;

const form = (page: Page) => {
  // The consult booking below has fields and messages of its own (consult.spec.ts).
  const main = page.getByRole('region', { name: 'Contact and Booking' });
  return {
    parentName: main.getByLabel('Parent/Guardian Name'),
    studentInfo: main.getByLabel('Student Name and Current Grade'),
    major: main.getByLabel('Intended Major'),
    editor: main.getByLabel('Select by major'),
    service: (id: string) => main.getByRole('checkbox', { name: serviceLabel(id) }),
    checkboxes: main.getByRole('checkbox'),
    turnaround: main.getByLabel('Preferred Turnaround'),
    email: main.getByRole('textbox', { name: 'Email' }),
    phone: main.getByLabel('Phone'),
    details: main.getByLabel(/Additional Details\/Questions/),
    button: main.getByRole('button', { name: /Send Inquiry|Sending/ }),
    alert: main.getByRole('alert'),
    status: main.getByRole('status'),
  };
};
type ContactForm = ReturnType<typeof form>;

/** Fills every field. */
async function fillEverything(f: ContactForm, email: string) {
  await f.parentName.fill('Pat Rivera');
  await f.studentInfo.fill('Sam Rivera, 11th Grade');
  await f.major.selectOption({ label: 'Visual Arts' });
  await f.editor.selectOption({ label: 'Maya Chen - Computer Science' });
  await f.service('commonapp').check();
  await f.service('community').check();
  await f.turnaround.selectOption('24hr');
  await f.email.fill(email);
  await f.phone.fill('(312) 555-0134');
  await f.details.fill('Could we talk on Tuesday evening?');
}

const inquiryFrom = async (email: string) =>
  (await listStored<{ email: string }>('inquiries')).filter((inquiry) => inquiry.email === email);

test.beforeEach(async ({ page }) => {
  page.on('dialog', () => {
    throw new Error('The contact form must not use window.alert');
  });
  await page.goto('/contact');
  // These tests are about the island; before it hydrates the form posts natively (hydration.spec.ts).
  await islandsHydrated(page);
});

test('the page offers a free consult and lists every other way to reach us', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(site.name);
  await expect(page.getByText(/free 15-minute consult/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact and Booking' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  for (const phone of site.phones) {
    await expect(main.getByRole('link', { name: phone })).toHaveAttribute('href', telHref(phone));
  }
  await expect(main.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', site.social.instagram);
  await expect(main.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', site.social.linkedin);
});

test('the editor select offers any editor and every editor by name and major', async ({ page }) => {
  const f = form(page);
  await expect(f.editor).toHaveValue('any');
  await expect(f.editor.locator('option')).toHaveText([
    'Any Available Editor',
    ...DEMO_EDITORS.map((e) => `${e.name} - ${e.major}`),
  ]);
  await expect(f.studentInfo).toHaveAttribute('placeholder', 'Jane Doe, 11th Grade');
  await expect(f.details).toHaveAttribute('rows', '4');
});

test('missing required fields are announced, marked and focused', async ({ page }) => {
  const f = form(page);
  let requests = 0;
  page.on('request', (req) => req.url().endsWith('/api/contact') && requests++);
  await f.button.click();
  await expect(f.alert).toHaveText(messages.requiredFields);
  await expect(f.parentName).toBeFocused();
  for (const field of [f.parentName, f.studentInfo, f.major, f.email]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/is required/);
  }
  await expect(f.phone).not.toHaveAttribute('aria-invalid');

  // Fixing a field clears its mark; the next submit focuses the first field still missing.
  await f.parentName.fill('Pat');
  await expect(f.parentName).not.toHaveAttribute('aria-invalid');
  await f.major.selectOption('stem');
  await f.button.click();
  await expect(f.studentInfo).toBeFocused();
  await expect(f.major).not.toHaveAttribute('aria-invalid');

  // Whitespace is not an answer; a malformed e-mail is refused on the spot.
  await f.studentInfo.fill('   ');
  await f.button.click();
  await expect(f.studentInfo).toBeFocused();
  await f.studentInfo.fill('Sam, 12th Grade');
  await f.email.fill('pat@example');
  await f.button.click();
  await expect(f.alert).toHaveText(messages.emailInvalid);
  await expect(f.email).toBeFocused();
  await expect(f.email).toHaveAttribute('aria-invalid', 'true');
  expect(requests).toBe(0);
  await expectNoAxeViolations(page);
});

test('the turnaround select appears only while an editing service is ticked', async ({ page }) => {
  const f = form(page);
  await expect(f.turnaround).toHaveCount(0);
  await f.service('community').check();
  await f.service('speed48').check();
  await expect(f.turnaround).toHaveCount(0);
  await f.service('supplements').check();
  await expect(f.turnaround).toBeVisible();
  await expect(f.turnaround.locator('option')).toHaveText(TURNAROUND_OPTIONS.map(turnaroundLabel));
  await expect(f.turnaround.locator('option')).toHaveText([
    'Standard 3-5 days',
    '48-Hour Response (+$250)',
    '24-Hour Response (+$450)',
  ]);
  await f.service('supplements').uncheck();
  await expect(f.turnaround).toHaveCount(0);
});

test('the details field counts words as they are typed, keeps what is over the limit and says so', async ({ page }) => {
  const f = form(page);
  await expect(f.details).toHaveAccessibleDescription('0 of 300 words');
  await f.details.fill('one two  three\nfour');
  await expect(f.details).toHaveAccessibleDescription('4 of 300 words');
  await f.details.fill('word '.repeat(320));
  await expect(page.getByText('320 of 300 words')).toBeVisible();
  await expect(f.details).toHaveValue('word '.repeat(320));
  // Refused on sending (buying-journey.spec.ts), never cut short while typing.
});

test('a complete inquiry is sent once, stored, confirmed, and every field cleared', async ({ page }) => {
  const f = form(page);
  const email = `family-${Date.now()}@example.com`;
  let requests = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/contact', async (route) => {
    requests++;
    await held;
    await route.continue();
  });
  await fillEverything(f, email);
  await f.button.dblclick();
  await expect(f.button).toHaveText('Sending...');
  await expect(f.button).toBeDisabled();
  release();

  await expect(f.status).toHaveText(messages.contactSuccess);
  await expect(f.alert).toBeEmpty();
  expect(requests).toBe(1);
  for (const field of [f.parentName, f.studentInfo, f.major, f.email, f.phone, f.details])
    await expect(field).toHaveValue('');
  await expect(f.editor).toHaveValue('any');
  for (const box of await f.checkboxes.all()) await expect(box).not.toBeChecked();
  await expect(f.turnaround).toHaveCount(0);
  await expect(f.button).toHaveText('Send Inquiry');
  await expect(f.button).toBeEnabled();

  expect(await inquiryFrom(email)).toEqual([
    {
      parentName: 'Pat Rivera',
      studentInfo: 'Sam Rivera, 11th Grade',
      intendedMajor: 'visual arts',
      services: ['commonapp', 'community'],
      preferredEditor: 'maya-chen',
      turnaround: '24hr',
      email,
      phone: '+13125550134', // stored in E.164
      details: 'Could we talk on Tuesday evening?',
      receivedAt: expect.any(String),
    },
  ]);
  // Without SMTP the business's notification waits in the outbox; it is sent just after the answer.
  const notification = async () =>
    (await listStored<{ to: string; replyTo: string; text: string }>('outbox')).find((mail) => mail.replyTo === email);
  await expect
    .poll(notification)
    .toMatchObject({ to: site.email, text: expect.stringContaining('Sam Rivera, 11th Grade') });
});

test('two submissions in the same instant send once', async ({ page }) => {
  const f = form(page);
  let requests = 0;
  await page.route('**/api/contact', (route) => {
    requests++;
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
  await fillEverything(f, 'instant@example.com');
  // Both land before React re-renders the disabled button: only the form's own guard stops the second.
  await page
    .getByRole('region', { name: 'Contact and Booking' })
    .locator('form')
    .evaluate((el: HTMLFormElement) => {
      el.requestSubmit();
      el.requestSubmit();
    });
  await expect(f.status).toHaveText(messages.contactSuccess);
  expect(requests).toBe(1);
});

test('a server failure says so and keeps every value', async ({ page }) => {
  const f = form(page);
  const email = `kept-${Date.now()}@example.com`;
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await fillEverything(f, email);
  await f.button.click();
  await expect(f.alert).toHaveText(messages.contactFailure);
  await expect(f.status).toBeEmpty();
  await expect(f.parentName).toHaveValue('Pat Rivera');
  await expect(f.studentInfo).toHaveValue('Sam Rivera, 11th Grade');
  await expect(f.major).toHaveValue('visual arts');
  await expect(f.editor).toHaveValue('maya-chen');
  await expect(f.service('commonapp')).toBeChecked();
  await expect(f.service('community')).toBeChecked();
  await expect(f.turnaround).toHaveValue('24hr');
  await expect(f.email).toHaveValue(email);
  await expect(f.phone).toHaveValue('(312) 555-0134');
  await expect(f.details).toHaveValue('Could we talk on Tuesday evening?');
  await expect(f.button).toBeEnabled();
  expect(await inquiryFrom(email)).toEqual([]);
});

test('a network failure says so too', async ({ page }) => {
  const f = form(page);
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await fillEverything(f, 'offline@example.com');
  await f.button.click();
  await expect(f.alert).toHaveText(messages.contactFailure);
  await expect(f.parentName).toHaveValue('Pat Rivera');
});

test('the form can be filled and sent with the keyboard alone', async ({ page }) => {
  const f = form(page);
  const email = `keys-${Date.now()}@example.com`;
  const key = (k: string) => page.keyboard.press(k);
  await key('Tab');
  await key('Enter'); // the skip link: focus goes to the main content
  await key('Tab');
  await expect(f.parentName).toBeFocused();
  await page.keyboard.type('Kim Lee');
  await key('Tab');
  await page.keyboard.type('Alex Lee, 12th Grade');
  await key('Tab');
  await expect(f.major).toBeFocused();
  await key('ArrowDown'); // Business
  await expect(f.major).toHaveValue('business');
  await key('Tab');
  await expect(f.editor).toBeFocused();
  await key('Tab');
  await key('Tab');
  await expect(f.service('commonapp')).toBeFocused();
  await key('Space');
  await expect(f.service('commonapp')).toBeChecked();
  for (let i = 0; i < 5; i++) await key('Tab'); // past the other four boxes to the turnaround
  await expect(f.turnaround).toBeFocused();
  await key('ArrowDown');
  await expect(f.turnaround).toHaveValue('48hr');
  await key('Tab');
  await expect(f.email).toBeFocused();
  await page.keyboard.type(email);
  await key('Tab');
  await key('Tab');
  await expect(f.details).toBeFocused();
  await page.keyboard.type('Sent by keyboard.');
  await key('Tab'); // the hidden honeypot is not in the tab order
  await expect(f.button).toBeFocused();
  await key('Enter');
  await expect(f.status).toHaveText(messages.contactSuccess);
  await expect(f.button).toBeFocused();
  expect(await inquiryFrom(email)).toEqual([
    expect.objectContaining({
      parentName: 'Kim Lee',
      intendedMajor: 'business',
      services: ['commonapp'],
      turnaround: '48hr',
      details: 'Sent by keyboard.',
    }),
  ]);
});

test.describe('before the island is interactive', () => {
  test('the page runs no script of the form until the visitor reaches into it; a first focus loads it, and what was typed stays', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)),
    );
    await page.goto('/contact', { waitUntil: 'load' });
    const f = form(page);
    const waiting = page.locator('astro-island[ssr][client="interaction"]');
    await expect(waiting).toHaveCount(1);
    expect(scripts.filter((path) => path.includes('ContactForm'))).toEqual([]);
    // Typing into the plain form is what wakes it: the island hydrates around what is there.
    await f.details.pressSequentially('One two three');
    await expect(waiting).toHaveCount(0);
    expect(scripts.filter((path) => path.includes('ContactForm'))).toHaveLength(1);
    await expect(f.details).toHaveValue('One two three');
    await expect(f.details).toHaveAccessibleDescription('3 of 300 words');
    await context.close();
  });

  test('the form is laid out in full, and hydration does not move it', async ({ browser }) => {
    const boxes = [];
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto('/contact');
      const f = form(page);
      await expect(f.button).toBeVisible();
      // Without JavaScript the form still works: it posts to the function, never by GET.
      await expect(f.button).toBeEnabled();
      const inquiry = page.getByRole('region', { name: 'Contact and Booking' }).locator('form');
      await expect(inquiry).toHaveAttribute('method', 'post');
      await expect(inquiry).toHaveAttribute('action', '/api/contact');
      if (javaScriptEnabled) await islandsHydrated(page);
      boxes.push(await Promise.all([f.parentName, f.details, f.button].map((l) => l.boundingBox())));
      await context.close();
    }
    expect(boxes[1]).toEqual(boxes[0]);
  });
});

for (const width of [390, 1280]) {
  test(`the page passes axe at ${width} px, with the turnaround select and messages showing`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const f = form(page);
    await expectNoAxeViolations(page);
    await f.service('activities').check();
    await f.button.click();
    await expect(f.alert).toHaveText(messages.requiredFields);
    await expectNoAxeViolations(page);
  });
}
