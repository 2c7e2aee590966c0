/**
 * A graduate's way in, in Chromium: they find 'Become an editor' in the footer and apply on a phone by
 * keyboard; our team declines one applicant with a note and accepts this one; the invitation link makes
 * their account an editor's once verified. axe at both widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { applicationTexts, graduationYears } from '#features/applications/application';
import { invitationMessages } from '#features/editors/invitation';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { latestVerification, register, uniqueEmail } from '../helpers/e2e-auth';
import { invitationLinks, openInvitation, welcome } from '../helpers/e2e-invitations';
import { keepScreenshot } from '../helpers/screens';

const SAMPLE = 'The first time I held a pipette, my hands shook, and I learned to write down every step. '.repeat(5);

/** Types into the field labelled `label` from the keyboard: Tab reaches it, keys fill it. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(text, { delay: 0 });
}

test('a graduate applies on a phone by keyboard; our team declines another with a note and accepts them; the invitation makes their account', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 3);
  const stamp = Date.now();
  const name = `Priya Raman ${stamp}`;
  const email = uniqueEmail('applicant');
  const other = { name: `Jordan Lee ${stamp}`, email: uniqueEmail('applicant') };
  const declined = await page.request.post('/api/applications', {
    data: {
      ...other,
      college: 'Oberlin College',
      major: 'History',
      graduationYear: graduationYears()[2],
      scores: '',
      activities: 'Debate.',
      writingSample: SAMPLE,
      capacity: 2,
    },
  });
  expect(declined.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Become an editor' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become an editor');
  await expectNoAxeViolations(page);
  await typeInto(page, 'Full name', name);
  await typeInto(page, 'Email', email);
  await typeInto(page, 'College', 'Cornell University');
  await typeInto(page, 'Major', 'Biology');
  await page.getByLabel('Graduation year').focus();
  await page.getByLabel('Graduation year').selectOption(String(graduationYears()[1]));
  await typeInto(page, 'Students you can take at once', '3');
  await typeInto(page, 'Test scores (optional)', 'SAT 1540');
  await typeInto(page, 'Activities', 'Science Olympiad captain; chemistry tutor.');
  await typeInto(page, 'Writing sample', SAMPLE);
  await keepScreenshot(page.locator('main'), 'apply-390');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send my application' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/application-sent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application sent');

  // Our team's pipeline, at a desktop's width.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(admin);
  await admin.getByRole('tab', { name: 'Applications' }).click();
  const panel = admin.locator(OPEN_TAB_PANEL);
  const card = (who: string) => panel.getByRole('article', { name: who });
  await expect(card(name)).toContainText('New');
  await expect(card(name)).toContainText(`Cornell University, Biology, class of ${graduationYears()[1]}`);
  await expectNoAxeViolations(admin, OPEN_TAB_PANEL);

  // Declining asks for the note the applicant reads.
  await card(other.name)
    .getByRole('button', { name: `Decline: ${other.name}` })
    .click();
  const decline = card(other.name).getByRole('button', { name: 'Decline and send the note' });
  await decline.focus();
  await admin.keyboard.press('Enter');
  await expect(card(other.name).getByRole('alert')).toHaveText('Enter the note the applicant will read.');
  await card(other.name).getByLabel('Reason').fill('We are looking for editors in the sciences this season.');
  await decline.focus();
  await admin.keyboard.press('Enter');
  await expect(toasts(admin)).toContainText(`${other.name}: declined.`);
  await expect(card(other.name)).toContainText('Note sent: We are looking for editors in the sciences this season.');

  // Accepting, by keyboard: confirmed, then made an editor and invited.
  await card(name)
    .getByRole('button', { name: `Accept: ${name}` })
    .focus();
  await admin.keyboard.press('Enter');
  await expect(card(name)).toContainText(`invited to sign in with ${email}`);
  await expectNoAxeViolations(admin, OPEN_TAB_PANEL);
  await keepScreenshot(card(name), 'application-accept-1280');
  await card(name).getByRole('button', { name: 'Accept and invite' }).focus();
  await admin.keyboard.press('Enter');
  await expect(toasts(admin)).toContainText(`${name}: accepted.`);
  await expect(card(name)).toContainText('hidden from the site until ready');
  await admin.getByLabel('Show').selectOption('accepted');
  await expect(card(name)).toBeVisible();
  await expect(card(other.name)).toHaveCount(0);
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(admin, OPEN_TAB_PANEL);
  await admin.close();

  // The invitation link, opened on the phone: the account made with that address is an editor's once verified.
  const [link] = await invitationLinks(email);
  await openInvitation(page, link);
  await expect(welcome(page)).toContainText(`Welcome, ${name}`);
  await register(page, email);
  await expect(welcome(page)).toContainText(invitationMessages.unverified);
  await page.goto((await latestVerification(page.request, email))!.oobLink);
  await expect(welcome(page)).toContainText(invitationMessages.accepted);
  // Their workspace, with the students they said they can take and none open until our team shows them.
  await expect(page.getByTestId('editor-slots')).toContainText('Slots open: 0/3');
  await expect(page.getByRole('main')).toContainText(name);
  await expectNoAxeViolations(page);
});

test('an application with something to fix, sent without its page script, answers what to fix and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/become-an-editor');
  // The browser's own checks stand aside, so the server's answer is what is tested.
  await page.locator('form[action="/api/applications"]').evaluate((form) => form.setAttribute('novalidate', ''));
  await page.getByLabel('Full name', { exact: true }).fill('Sam Ortiz');
  await page.getByLabel('Email', { exact: true }).fill('sam@example.com');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(applicationTexts.notSent);
  await expect(page.getByRole('alert')).toContainText('College is required');
  await expect(page.getByRole('main')).toContainText('Sam Ortiz');
  await expectNoAxeViolations(page);
});
