/**
 * An editor's way in: our team adds an editor with an address, the invitation link opens /editor with a
 * welcome, the editor creates their account with that address, verifies it, and the invitation is
 * accepted; the admin's card says so. A new invitation makes the old link say it has expired.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { invitationMessages, payoutStepWords } from '#features/editors/invitation';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, editorInput, OPEN_TAB_PANEL, openAdmin, toasts, uniqueEditorName } from '../helpers/e2e-admin';
import { latestVerification, register, uniqueEmail } from '../helpers/e2e-auth';
import { invitationLinks, openInvitation, welcome } from '../helpers/e2e-invitations';
import { keepScreenshot } from '../helpers/screens';

/** Our team adds an editor who signs in with `email`: the invitation is mailed. */
async function addEditor(request: APIRequestContext, email: string) {
  const name = uniqueEditorName();
  const res = await request.post('/api/database/editors', {
    data: { ...editorInput(name), accountEmail: email },
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status()).toBe(201);
  return name;
}

test('an invited editor opens the link, creates their account with the invited address, verifies it, and the invitation is accepted', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('editor');
  const name = await addEditor(page.request, email);
  const [link] = await invitationLinks(email);
  expect(link).toBeDefined();

  await page.setViewportSize({ width: 1280, height: 900 });
  await openInvitation(page, link);
  await expect(welcome(page)).toContainText(`Welcome, ${name}`);
  await expect(welcome(page)).toContainText(`Create your account with ${email} under New Customer below`);
  // The link's token leaves the address bar: a shared or bookmarked /editor carries no invitation.
  await expect(page).toHaveURL(/\/editor$/);
  await expectNoAxeViolations(page);
  await keepScreenshot(page.locator('main'), 'invitation-welcome-1280');

  await register(page, email);
  await expect(welcome(page)).toContainText(invitationMessages.unverified);
  const verification = await latestVerification(page.request, email);
  await page.goto(verification!.oobLink);
  await expect(page).toHaveURL(/\/editor$/);
  await expect(welcome(page)).toContainText(invitationMessages.accepted);
  await expect(page.getByTestId('editor-slots')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page.locator('main'), 'invitation-accepted-390');

  // Our team sees the invitation accepted on the editor's card.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(admin, undefined, '/admin?tab=editors');
  const card = admin.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText(`Accepted`);
  await expect(card).toContainText(email);
  await expect(card.getByRole('button', { name: `Send a new invitation: ${name}` })).toHaveCount(0);
  await admin.close();
});

test('our team sends a new invitation from the card by keyboard, and the older link says it has expired', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('editor');
  const name = await addEditor(page.request, email);
  const [old] = await invitationLinks(email);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, undefined, '/admin?tab=editors');
  const card = page.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText(`Sent`);
  await expect(card).toContainText('Not yet saved');
  await expect(card).toContainText(payoutStepWords.none);
  const again = card.getByRole('button', { name: `Send a new invitation: ${name}` });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(invitationMessages.sent(email));
  await expect(again).toBeFocused();
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await keepScreenshot(card, 'invitation-card-1280');
  expect(await invitationLinks(email)).toHaveLength(2);

  const device = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openInvitation(device, old);
  await expect(welcome(device)).toContainText(invitationMessages.expired);
  await expectNoAxeViolations(device);
  await device.close();
});
