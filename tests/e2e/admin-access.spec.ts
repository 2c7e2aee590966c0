import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import {
  createAccount,
  latestVerification,
  LOCAL_ADMIN,
  logIn,
  openOnAnotherDevice,
  register,
  uniqueEmail,
} from '../helpers/e2e-auth';
import { ADMIN_TABS, openAdmin } from '../helpers/e2e-admin';
import { keepScreenshot } from '../helpers/screens';

test('a signed-out visitor gets the sign-in form on /admin, on its sign-in tab, and the dashboard right after signing in as an admin', async ({
  page,
  request,
}) => {
  await createAccount(request, LOCAL_ADMIN);
  await page.goto('/admin?tab=orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(page.getByText('Sign in with an admin account to continue.')).toBeVisible();
  // An admin has an account: the form opens on signing in, not on creating one.
  await expect(page.getByRole('tab', { name: 'Existing Customer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Existing Customer');
  await page.getByLabel('Email').fill(LOCAL_ADMIN);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  await expect(page).toHaveURL('/admin?tab=orders');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
});

test('a signed-in customer who is not an admin is sent to the home page', async ({ page, request }) => {
  const email = uniqueEmail();
  await createAccount(request, email);
  await page.goto('/dashboard');
  await logIn(page, email);
  await expect(page.getByRole('link', { name: 'Open the Admin Dashboard' })).toBeHidden();
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
});

test('an unverified account is asked only to verify, with no word of what it may open; verified, a non-admin goes home', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('unverified');
  await page.goto('/admin');
  await register(page, email);
  const verify = page.getByRole('region', { name: 'Verify your e-mail' });
  // Whether this address is an admin's is not said: the same words for anyone.
  await expect(verify).toContainText('Verify your e-mail to continue.');
  await expect(page.getByRole('main')).not.toContainText('Admin Dashboard');
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await keepScreenshot(page, `verify-${width}`);
  }

  const sent = await latestVerification(page.request, email);
  await openOnAnotherDevice(browser, sent!.oobLink);
  await verify.getByRole('button', { name: 'I have verified' }).click();
  await expect(page).toHaveURL('/');
});

test('the admin sees Loading... while the role is checked, then the Admin Dashboard', async ({ page, request }) => {
  await createAccount(request, LOCAL_ADMIN);
  await page.goto('/dashboard');
  await logIn(page, LOCAL_ADMIN);
  await page.getByRole('link', { name: 'Open the Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(page.getByRole('tab')).toHaveText(ADMIN_TABS);

  // Hold /api/me: the page must say it is loading, not flash the dashboard or redirect.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
});

test('on a phone the row of sections says that it scrolls, and scrolls to the last one by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page);
  const hint = page.getByText(/sections: scroll the row sideways, or use the arrow keys, for more\./);
  await expect(hint).toBeVisible();
  const tablist = page.getByRole('tablist', { name: 'Admin sections' });
  expect(await tablist.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await tablist.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('End');
  await expect(tablist.getByRole('tab', { name: 'Privacy' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await keepScreenshot(page.getByRole('main'), 'admin-tabs-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(hint).toBeHidden();
});
