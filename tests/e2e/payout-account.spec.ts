/**
 * An editor connects a bank account for payouts, in test mode (Stripe's hosted onboarding stands in on
 * a local page): from their earnings, by keyboard, at a phone's and a desktop's width; back on /editor
 * the earnings open by themselves and say the account is connected, and our team's card says so. An
 * expired link brings the editor back with a way to go on; Stripe out of reach is said, and the
 * keyboard's focus stays on the button to try again.
 */
import { expect, test } from '@playwright/test';
import { payoutStepWords } from '#features/editors/invitation';
import { connectMessages } from '#features/payouts/connect';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, editorInput, OPEN_TAB_PANEL, openAdmin, uniqueEditorName } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { keepScreenshot } from '../helpers/screens';

const EARNINGS = 'section[aria-labelledby="earnings-heading"]';

test('an editor connects a bank account by keyboard through the stand-in for Stripe, and our team sees it paid through Stripe', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('editor');
  const name = uniqueEditorName();
  const added = await page.request.post('/api/database/editors', {
    // Off the public site: the public pages tested beside it see the demo editors only.
    data: { ...editorInput(name), accountEmail: email, hidden: true },
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
  });
  expect(added.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  // Stripe's link expired before the editor finished: back on their earnings, open, with a way on.
  await page.goto('/editor?payouts=expired#earnings');
  const bank = page.getByRole('region', { name: connectMessages.heading });
  await expect(bank).toContainText(connectMessages.expired);
  await expect(bank).toContainText(connectMessages.none);
  await expectNoAxeViolations(page, EARNINGS);
  await keepScreenshot(bank, 'bank-account-none-390');

  // Stripe out of reach: the editor is told, stays on the page, and can try again.
  const unreachable = 'The payment provider is not reachable right now. Please try again in a moment.';
  await page.route('**/api/editor/payout-account', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, json: { error: unreachable } })
      : route.fallback(),
  );
  const connect = bank.getByRole('button', { name: connectMessages.connect });
  await connect.focus();
  await page.keyboard.press('Enter');
  await expect(bank.getByRole('status')).toHaveText(connectMessages.failed(unreachable));
  await expect(connect).toBeEnabled();
  await page.unroute('**/api/editor/payout-account');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/api\/test-connect\?account=acct_test_[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: connectMessages.testHeading })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page.locator('main'), 'test-connect-390');
  await page.getByRole('button', { name: connectMessages.testFinish }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/editor\?payouts=returned#earnings$/);
  await expect(page.getByRole('button', { name: 'Hide my earnings' })).toHaveAttribute('aria-expanded', 'true');
  await expect(bank).toContainText(connectMessages.ready);
  await expect(bank.getByRole('button')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, EARNINGS);
  await keepScreenshot(bank, 'bank-account-ready-1280');

  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(admin, undefined, '/admin?tab=editors');
  const card = admin.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText(payoutStepWords.ready);
  await admin.close();
});
