/**
 * The team in /admin: the owner invites a staff member by keyboard (the address is mailed), the staff
 * member signs in with it and finds the owner's controls gone (the team, payouts, closing accounts),
 * and the owner removes them after confirming; at 1280 px and 390 px, with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { emailMessages } from '../../src/lib/email';
import { notificationLabel, notificationMessages } from '../../src/lib/notifications';
import { roleMessages } from '../../src/lib/roles';
import type { OutboxMail } from '../../netlify/server/core/mail';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { islandsHydrated } from '../helpers/hydration';
import { keepScreenshot } from '../helpers/screens';
import { listStored } from '../helpers/stored';

const panel = (page: Page) => page.locator(OPEN_TAB_PANEL);
const member = (page: Page, email: string) => panel(page).getByRole('listitem', { name: email });

for (const width of [1280, 390]) {
  test(`at ${width} px the owner invites staff by keyboard; staff find the owner's controls gone; the owner removes them`, async ({
    browser,
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, undefined, '/admin?tab=team');
    const team = panel(page);
    await expect(team.getByRole('heading', { name: 'Team', level: 2 })).toBeVisible();
    await expect(member(page, 'admin@example.test')).toContainText('set in the site’s settings');

    // An address that is none is refused before anything is sent, and said at the field.
    const email = uniqueEmail('staff');
    const field = team.getByLabel('E-mail address');
    await field.focus();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await expect(team.getByRole('alert').filter({ hasText: emailMessages.invalid })).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill('');
    await page.keyboard.type(email);
    // The role's group takes focus on its choice, Staff; the arrows move between the roles.
    await page.keyboard.press('Tab');
    await expect(team.getByRole('radio', { name: /^Staff/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(team.getByRole('radio', { name: /^Owner/ })).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(team.getByRole('radio', { name: /^Staff/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(team.getByRole('button', { name: 'Invite' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(roleMessages.invited(email));
    await expect(member(page, email)).toContainText('Staff · invited by admin@example.test');
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    const mails = (await listStored<OutboxMail>('outbox')).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.kind)).toEqual(['staff']);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `team-owner-${width}`, { fullPage: true });

    // The invited address signs in elsewhere: the admin area opens, without what only an owner does.
    const staffContext = await browser.newContext({ viewport: { width, height: 900 } });
    const staff = await staffContext.newPage();
    await signIn(staff, email);
    await staff.goto('/admin?tab=team');
    await expect(staff.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
    await islandsHydrated(staff);
    await expect(panel(staff)).toContainText(roleMessages.teamOwnersOnly);
    await expect(panel(staff).getByRole('form', { name: 'Invite to the team' })).toHaveCount(0);
    await expect(panel(staff).getByRole('button', { name: 'Remove from the team' })).toHaveCount(0);
    await expectNoAxeViolations(staff);
    await keepScreenshot(staff, `team-staff-${width}`, { fullPage: true });
    await staff.goto('/admin?tab=payouts');
    await expect(panel(staff)).toContainText(roleMessages.payoutsOwnersOnly);
    await expect(panel(staff).getByRole('button', { name: 'Save rates' })).toHaveCount(0);
    await staffContext.close();

    // The owner removes them, by keyboard, after confirming; focus goes back to the list's heading.
    const row = member(page, email);
    await row.getByRole('button', { name: 'Remove from the team' }).focus();
    await page.keyboard.press('Enter');
    await expect(row.getByRole('form', { name: `Remove ${email} from the team?` })).toBeVisible();
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(roleMessages.removed(email));
    await expect(member(page, email)).toHaveCount(0);
    await expect(team.getByRole('heading', { name: 'Team', level: 2 })).toBeFocused();
  });
}

test('an admin chooses their notifications by keyboard, as a daily digest, and finds them kept', async ({ page }) => {
  await openAdmin(page, undefined, '/admin?tab=team');
  const form = panel(page).getByRole('form', { name: 'Your notifications' });
  const paid = form.getByRole('checkbox', { name: notificationLabel['order-paid'] });
  const late = form.getByRole('checkbox', { name: notificationLabel['round-late'] });
  // Whatever an earlier run saved, this one sets its own choice.
  for (const box of [paid, late]) await box.setChecked(false);
  await paid.focus();
  await page.keyboard.press('Space');
  await expect(paid).toBeChecked();
  const digest = form.getByRole('radio', { name: /One digest a day/ });
  await form.getByRole('radio', { name: /A mail for each/ }).check();
  await form.getByRole('radio', { name: /A mail for each/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(digest).toBeChecked();
  await form.getByRole('button', { name: 'Save notifications' }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(notificationMessages.saved);
  await expectNoAxeViolations(page);
  await keepScreenshot(form, 'team-notifications');

  await page.reload();
  const kept = panel(page).getByRole('form', { name: 'Your notifications' });
  await expect(kept.getByRole('checkbox', { name: notificationLabel['order-paid'] })).toBeChecked();
  await expect(kept.getByRole('checkbox', { name: notificationLabel['round-late'] })).not.toBeChecked();
  await expect(kept.getByRole('radio', { name: /One digest a day/ })).toBeChecked();
});
