import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { newsletterMessages } from '../../src/lib/newsletter';
import { optInTexts } from '#features/contact/opt-in';
import { expectNoAxeViolations } from '../helpers/axe';
import { confirmLinkMailedTo } from '../helpers/e2e-newsletter';
import { newsletterReady } from '../helpers/hydration';
import { readStored } from '../helpers/stored';
import { keepScreenshot } from '../helpers/screens';

const form = (page: Page) => {
  const footer = page.getByRole('contentinfo');
  return {
    input: footer.getByRole('textbox', { name: /tips in your inbox/ }),
    button: footer.getByRole('button', { name: /Subscrib/ }),
    alert: footer.getByRole('alert'),
    status: footer.getByRole('status'),
  };
};

test.beforeEach(async ({ page }) => {
  page.on('dialog', () => {
    throw new Error('The newsletter must not use window.alert');
  });
  // The footer's form is on every page: one with nothing loading above it, so a click lands where
  // the form is (the home page's editors, loaded on scroll, are taller than their placeholders).
  await page.goto('/privacy-policy');
  await newsletterReady(page);
});

test('an empty address asks for one', async ({ page }) => {
  const f = form(page);
  await f.button.click();
  await expect(f.alert).toHaveText(messages.emailRequired);
  await expect(f.input).toHaveAttribute('aria-invalid', 'true');
});

test('a malformed address is refused', async ({ page }) => {
  const f = form(page);
  await f.input.fill('not an email');
  await f.input.press('Enter');
  await expect(f.alert).toHaveText(messages.emailInvalid);
});

test('a good address is stored once, confirmed, and the field cleared', async ({ page }) => {
  const f = form(page);
  const email = `reader-${Date.now()}@example.com`;
  // Hold the request so the busy state can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/database/subscribe', async (route) => {
    await held;
    await route.continue();
  });
  await f.input.fill(`  ${email.toUpperCase()} `);
  await f.button.click();
  await expect(f.button).toHaveText('Subscribing...');
  await expect(f.button).toBeDisabled();
  await expect(f.input).toBeDisabled();
  release();
  await expect(f.status).toHaveText(messages.subscribeSuccess);
  // The success the visitor expects, then what to do: nothing arrives until the address confirms.
  await expect(f.status).toHaveText(/^Successfully subscribed to the Beacon College Counsel newsletter! /);
  await expect(f.status).toContainText(newsletterMessages.confirm);
  await expect(f.status).toContainText(/check your inbox/i);
  await expect(f.input).toHaveValue('');
  await expect(f.button).toHaveText('Subscribe');
  await expect(f.alert).toBeEmpty();
  expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({
    email,
    enabled: false,
    pending: true,
  });

  // The same address again is not an error for the visitor.
  await page.unroute('**/api/database/subscribe');
  await f.input.fill(email);
  await f.button.click();
  await expect(f.status).toHaveText(messages.subscribeSuccess);
});

test('the mailed link asks first, then confirms: only then is the address active', async ({ page }) => {
  const f = form(page);
  const email = `confirming-${Date.now()}@example.com`;
  await f.input.fill(email);
  await f.button.click();
  await expect(f.status).toContainText(newsletterMessages.confirm);
  const link = await confirmLinkMailedTo(email);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(optInTexts.newsletter.askTitle);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `newsletter-confirm-${width}`);
  }
  expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ enabled: false });
  // By keyboard: the one button is the next stop after the links above it.
  await page.getByRole('button', { name: optInTexts.confirmButton }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(optInTexts.newsletter.doneTitle);
  await expect(page.getByRole('main')).toContainText(optInTexts.newsletter.doneBody(email));
  expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ email, enabled: true });
});

test('a failure says so and keeps the address', async ({ page }) => {
  const f = form(page);
  await page.route('**/api/database/subscribe', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await f.input.fill('keep@example.com');
  await f.button.click();
  await expect(f.alert).toHaveText(messages.subscribeFailure);
  await expect(f.input).toHaveValue('keep@example.com');
  await expect(f.input).toBeEnabled();
});

test('a network failure says so too', async ({ page }) => {
  const f = form(page);
  // The request is seen leaving before it fails: a failure of this test then says which half broke.
  let sent!: () => void;
  const leaving = new Promise<void>((r) => (sent = r));
  await page.route('**/api/database/subscribe', (route) => {
    sent();
    return route.abort('internetdisconnected');
  });
  await f.input.fill('offline@example.com');
  await f.button.click();
  await leaving;
  await expect(f.alert).toHaveText(messages.subscribeFailure);
  await expect(f.input).toBeEnabled();
});
