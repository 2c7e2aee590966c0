/**
 * A role needs a verified address, locally as in production (docs/decisions/031): whoever signs up is
 * asked to verify, opens the link of Firebase's e-mail (the Auth emulator keeps it), and the role's
 * page opens. A family can go on buying meanwhile; the dashboard asks them too.
 */
import { expect, test, type Page } from '@playwright/test';
import { verifyMessages } from '../../src/lib/messages';
import { expectNoAxeViolations } from '../helpers/axe';
import {
  deleteAccount,
  latestVerification,
  LOCAL_ADMIN,
  openOnAnotherDevice,
  register,
  uniqueEmail,
} from '../helpers/e2e-auth';
import { SOFIA } from '../helpers/e2e-delivery';

const verifyState = (page: Page) => page.getByRole('region', { name: verifyMessages.heading });

/** The link of the newest verification e-mail to `email`: one was sent. */
async function verificationLink(page: Page, email: string) {
  const sent = await latestVerification(page.request, email);
  expect(sent, `a verification e-mail to ${email}`).toBeDefined();
  return sent!.oobLink;
}

test('a new editor signs up at /editor, is asked to verify, opens the e-mailed link and the workspace opens', async ({
  page,
}) => {
  await deleteAccount(page.request, SOFIA.email);
  await page.goto('/editor');
  await register(page, SOFIA.email);
  await expect(verifyState(page)).toBeVisible();
  await expect(verifyState(page)).toContainText(verifyMessages.sent(SOFIA.email));
  await expect(verifyState(page)).toContainText(verifyMessages.why.staff);
  await expect(page.getByText("This account is not an editor's")).toBeHidden();

  // Not opened yet: the page says so and stays.
  await verifyState(page).getByRole('button', { name: 'I have verified' }).click();
  await expect(page.getByRole('alert').filter({ hasText: verifyMessages.notYet })).toBeVisible();

  // The link leads back to /editor, verified: the workspace opens with no button pressed.
  await page.goto(await verificationLink(page, SOFIA.email));
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByTestId('editor-slots')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(SOFIA.name);
  await expect(verifyState(page)).toBeHidden();
});

test('an account that is no editor, unverified at /editor, is asked only to verify, with no word of a workspace', async ({
  page,
}) => {
  const email = uniqueEmail('not-an-editor');
  await page.goto('/editor');
  await register(page, email);
  // Whether this address is an editor's is not known before it is verified: the same words for anyone.
  await expect(verifyState(page)).toContainText('Verify your e-mail to continue.');
  await expect(verifyState(page)).not.toContainText('Editor Workspace');
  await expectNoAxeViolations(page);
  await page.goto(await verificationLink(page, email));
  await expect(page.getByText("This account is not an editor's")).toBeVisible();
});

test('the admin signs up, resends the link, opens it on another device and goes on with I have verified', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await deleteAccount(page.request, LOCAL_ADMIN);
  await page.goto('/admin');
  await register(page, LOCAL_ADMIN);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(verifyMessages.heading);
  await expect(page).toHaveURL('/admin'); // not sent to the home page as a non-admin would be
  await expect(verifyState(page)).toContainText(verifyMessages.why.staff);
  await expectNoAxeViolations(page);

  const first = await verificationLink(page, LOCAL_ADMIN);
  await verifyState(page).getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('status').filter({ hasText: verifyMessages.resent(LOCAL_ADMIN) })).toBeVisible();
  const second = await verificationLink(page, LOCAL_ADMIN);
  expect(second).not.toBe(first);

  await openOnAnotherDevice(browser, second);
  await verifyState(page).getByRole('button', { name: 'I have verified' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
});

test('a family that signed up is asked on the dashboard, and can shop meanwhile', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await page.goto('/dashboard');
  await register(page, email);
  await expect(page.getByText('Logged in as')).toBeVisible();
  await expect(verifyState(page)).toContainText(verifyMessages.why.family);
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  await page.goto(await verificationLink(page, email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Logged in as')).toBeVisible();
  await expect(verifyState(page)).toBeHidden();
});
