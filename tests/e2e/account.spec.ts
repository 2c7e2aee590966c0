import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src/lib/messages';
import { expectNoAxeViolations } from '../helpers/axe';
import { createAccount, latestResetCode, logIn, register, uniqueEmail } from '../helpers/e2e-auth';
import { writeStored } from '../helpers/stored';

const card = (page: Page) => page.getByRole('region', { name: 'Account', exact: true });
const DASHBOARD_SIGNED_OUT = 'Log in to see your orders, your projects and your one-time add-ons';

test.beforeEach(async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'New Customer' })).toBeVisible();
});

test.describe('signed out', () => {
  test('shows the two tabs, New Customer first and selected, with the signed-out description of each page', async ({
    page,
  }) => {
    await expect(card(page)).toContainText(DASHBOARD_SIGNED_OUT);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['New Customer', 'Existing Customer']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('New Customer');
    // The sign-in prompt where it belongs: before the checkout.
    await page.goto('/select-services');
    await expect(card(page)).toContainText('You must log in to proceed to checkout');
  });

  test('the tabs work with arrow keys', async ({ page }) => {
    await page.getByRole('tab', { name: 'New Customer' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Existing Customer' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Existing Customer' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  });

  test('registration checks the passwords', async ({ page }) => {
    await register(page, uniqueEmail(), 'abcdef', 'abcdeg');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.passwordsMismatch);
    await register(page, uniqueEmail(), 'abc');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.passwordTooShort);
  });

  test('registering an address that exists says why it failed', async ({ page, request }) => {
    const email = uniqueEmail();
    await createAccount(request, email);
    await register(page, email, 'secret-pass');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      `${messages.registerFailure} An account with this email address already exists. Please log in instead.`,
    );
  });

  test('wrong credentials fail to log in', async ({ page, request }) => {
    const email = uniqueEmail();
    await createAccount(request, email);
    await page.getByRole('tab', { name: 'Existing Customer' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.loginFailure);
  });

  test('Forgot Password needs an address', async ({ page }) => {
    await page.getByRole('tab', { name: 'Existing Customer' }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.emailRequired);
  });

  test('an unreachable Firebase says the service is not available', async ({ page }) => {
    await page.route('**/identitytoolkit.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('tab', { name: 'Existing Customer' }).click();
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.authUnavailable);
  });

  test('the card passes axe at 390 px and 1280 px', async ({ page }) => {
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Existing Customer' }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in', () => {
  test('register shows the logged-in box; logout returns to the tabs', async ({ page }) => {
    const email = uniqueEmail();
    await register(page, email, 'secret-pass');
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: messages.registerSuccess }),
    ).toBeVisible();
    await expect(page.getByText('Logged in as')).toBeVisible();
    await expect(page.getByTestId('signed-in-email')).toHaveText(email);
    await expect(card(page)).toContainText('Logged in - We can track your one-time add-on purchases');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('tab', { name: 'New Customer' })).toBeVisible();
    await expect(card(page)).toContainText(DASHBOARD_SIGNED_OUT);
  });

  test('login succeeds, survives a reload, and lists owned add-ons from the server until logout', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    const uid = await createAccount(request, email);
    await writeStored('customers', uid, {
      ownedAddOns: { community: true, speed24hr: false, speed48hr: true },
      orderIds: [],
    });
    await logIn(page, email);
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.loginSuccess })).toBeVisible();
    // All three add-ons by their labels, each with its state: owned, or how to add it.
    const addOns = page.getByRole('list', { name: 'Your one-time add-ons' });
    await expect(addOns.getByRole('listitem')).toHaveText([
      'Community Access (Lifetime)Owned',
      '24-Hour Response (All Future Orders)Add to an order (+$450)',
      '48-Hour Response (All Future Orders)Owned',
    ]);
    await expect(
      addOns.getByRole('link', { name: 'Add to an order (+$450): 24-Hour Response (All Future Orders)', exact: true }),
    ).toHaveAttribute('href', '/select-services?addon=speed24hr');

    await page.reload();
    await expect(page.getByTestId('signed-in-email')).toHaveText(email);
    await expect(addOns.getByText('Owned', { exact: true })).toHaveCount(2);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(addOns).toBeHidden();
    await expect(page.getByRole('tab', { name: 'New Customer' })).toBeVisible();
  });
});

test('signing in and signing up by keyboard move the focus to the signed-in box, which says who is signed in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('keys');
  await createAccount(request, email);
  await page.getByRole('tab', { name: 'Existing Customer' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const box = page.getByRole('group', { name: `Logged in as ${email}` });
  await expect(box).toBeFocused();
  await page.getByRole('button', { name: 'Logout' }).click();

  await page.getByLabel('Email').fill(uniqueEmail('keys-new'));
  await page.getByLabel('Create Password').fill('secret-pass');
  await page.getByLabel('Confirm Password').fill('secret-pass');
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page.getByRole('group', { name: /^Logged in as keys-new/ })).toBeFocused();
});

test('the dashboard asks to log in for the orders, not for the checkout', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(card(page)).toContainText(DASHBOARD_SIGNED_OUT);
  await expect(card(page)).not.toContainText('You must log in to proceed to checkout');
});

test('password reset round trip: request, set a new password on our page, log in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgetful');
  await createAccount(request, email, 'old-password');
  await page.getByRole('tab', { name: 'Existing Customer' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.resetSent })).toBeVisible();

  const code = await latestResetCode(request, email);
  expect(code).toBeTruthy();
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${code}`);
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm New Password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.passwordChanged);

  // The link is single use.
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${code}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.resetLinkInvalid);

  await page.goto('/dashboard');
  await logIn(page, email, 'brand-new-password');
});
