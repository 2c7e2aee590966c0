/**
 * The student in the loop, in the browser: the parent invites the student from the dashboard on a
 * phone, by keyboard; the student, signed in with the order's address, opens the e-mail's link and
 * works on their own essay; each reads the other by name and role. The editor's side is arranged
 * through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, sharedWithStudent, tokenFor } from '../helpers/e2e-delivery';
import { listStored } from '../helpers/stored';
import { studentAccessMessages } from '../../src/features/projects/student-access';
import { keepScreenshot } from '../helpers/screens';

test.use({ viewport: { width: 390, height: 844 } });

const status = (scope: ReturnType<Page['locator']>) => scope.getByRole('status').filter({ hasText: /\S/ });
const accessBox = (page: Page) => page.getByRole('region', { name: /Sam's own access/ });

/** A parent signed in on /dashboard with a paid order of two supplements for Sam at `studentEmail`. */
async function parentWithOrder(page: Page, studentEmail: string) {
  const parent = await signIn(page, uniqueEmail('parent'));
  const ids = await buy(
    page.request,
    await tokenFor(page.request, parent),
    [{ id: 'supplement-small', quantity: 2 }],
    MAYA.id,
    [],
    studentEmail,
  );
  await page.goto('/dashboard');
  await expect(projectCard(page, ids[0])).toBeVisible();
  return { parent, ids };
}

test('the parent invites Sam by keyboard, and can end it; Sam is e-mailed a way in', async ({ page }) => {
  const studentEmail = uniqueEmail('sam');
  const { ids } = await parentWithOrder(page, studentEmail);
  const box = accessBox(page);
  await expect(box).toContainText(
    `Sam can sign in with ${studentEmail} to submit drafts, read feedback and message Maya Chen. Orders, payments and refunds stay with you.`,
  );
  await expect(box).toContainText(ids[0].replace(/-1$/, ''));
  await expectNoAxeViolations(page, 'main');

  const invite = box.getByRole('button', { name: 'Invite Sam' });
  await invite.focus();
  await page.keyboard.press('Enter');
  await expect(status(box)).toHaveText(
    `Invitation sent to ${studentEmail}. Sam signs in with that address to see these projects.`,
  );
  await expect(box.getByRole('button', { name: "End Sam's access" })).toBeVisible();
  expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true); // focus stays with the result
  await expect(box).toContainText(`Sam logs in with ${studentEmail}`);
  const invitations = (await listStored<{ to: string; subject: string; text: string }>('outbox')).filter(
    (mail) => mail.to === studentEmail && mail.subject.includes('invited you'),
  );
  expect(invitations.map((mail) => mail.subject)).toEqual(['Pat invited you to work on your essays with Maya Chen']);
  expect(invitations[0].text).toContain('/dashboard');
  await expectNoAxeViolations(page, 'main');

  // The history of each project says so; ending it is one press away and says what it did.
  await projectCard(page, ids[0])
    .getByRole('button', { name: /Show drafts/ })
    .click();
  await projectCard(page, ids[0])
    .getByText(/^History/)
    .click();
  await expect(projectCard(page, ids[0])).toContainText('You: Invited the student to work on it');
  await box.getByRole('button', { name: "End Sam's access" }).click();
  await expect(status(box)).toHaveText('Sam no longer sees these projects.');
  await expect(box.getByRole('button', { name: 'Invite Sam' })).toBeVisible();
});

test('Sam, signed in with the address on the order, opens the link and works on the essay; the parent reads Sam by name and role', async ({
  page,
  browser,
}) => {
  const studentEmail = uniqueEmail('sam');
  const { parent, ids } = await parentWithOrder(page, studentEmail);
  await accessBox(page).getByRole('button', { name: 'Invite Sam' }).click();
  await expect(status(accessBox(page))).toContainText('Invitation sent');

  const samContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sam = await samContext.newPage();
  await signIn(sam, studentEmail);
  await sam.goto(`/dashboard#project-${ids[0]}`);
  const card = projectCard(sam, ids[0]);
  await expect(card.getByRole('heading', { name: 'Supplemental Essay Help (Small)' })).toBeFocused();
  await expect(card).toContainText('Shared with you by Pat, who keeps the order and its payments.');
  // Cancelling and withdrawing are the parent's; no invitation to make, no refund to read of.
  await expect(card.getByText('Stop this project')).toHaveCount(0);
  await expect(sam.getByRole('region', { name: /own access/ })).toHaveCount(0);

  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await card.getByLabel('Essay prompt').fill('Why this college?');
  await card.getByLabel('Draft text').fill('I want to study robots because my grandmother fixed radios.');
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await expect(status(card)).toContainText('Your draft is with your editor');
  await expect(card).toContainText('Draft submitted');
  await card.getByLabel('Message to Maya Chen').fill('Hi Maya, this is Sam!');
  await card.getByRole('button', { name: 'Send Message' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Hi Maya, this is Sam!' })).toContainText('You');
  await expectNoAxeViolations(sam, 'main');
  await samContext.close();

  // The parent's dashboard: the same project, Sam's draft and message under Sam's name.
  await page.reload();
  const parentsCard = projectCard(page, ids[0]);
  await expect(parentsCard).toContainText('Draft submitted');
  await parentsCard.getByRole('button', { name: /Show drafts/ }).click();
  await expect(parentsCard.getByRole('listitem').filter({ hasText: 'Hi Maya, this is Sam!' })).toContainText(
    'Sam, student',
  );
  await expect(parentsCard).not.toContainText(studentEmail);
  expect(parent).not.toBe(studentEmail);
});

test("Sam's dashboard is Sam's work, not the shop; once the parent closes the account it says what became of it", async ({
  page,
}) => {
  test.slow(); // a purchase and a closure through the API, axe at two widths
  const studentEmail = uniqueEmail('sam');
  const { projectId, parentToken } = await sharedWithStudent(page.request, studentEmail, uniqueEmail('parent'));
  const auth = { Authorization: `Bearer ${parentToken}` };

  await signIn(page, studentEmail);
  await page.goto('/dashboard');
  await expect(projectCard(page, projectId)).toBeVisible();
  const shop = async () => {
    await expect(page.getByRole('link', { name: /Add to an order/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Browse our services' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toHaveCount(0);
  };
  await shop();
  await expectNoAxeViolations(page, 'main');

  // The parent closes the account (the endings as the preview says them).
  const preview = await (await page.request.get('/api/account/close', { headers: auth })).json();
  const endings = preview.endings.map((e: { projectId: string; refund: { amountCents: number } | null }) => ({
    projectId: e.projectId,
    refundCents: e.refund?.amountCents ?? 0,
  }));
  const closed = await page.request.post('/api/account/close', { headers: auth, data: { endings } });
  expect(closed.status(), await closed.text()).toBe(200);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: studentAccessMessages.parentClosed })).toBeVisible();
    await expect(projectCard(page, projectId)).toHaveCount(0);
    await shop();
    await expectNoAxeViolations(page, 'main');
    await keepScreenshot(page, `student-parent-closed-${width}`, { fullPage: true });
  }
});
