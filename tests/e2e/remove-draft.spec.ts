/**
 * A family's privacy in the browser: the parent removes a draft from the dashboard by keyboard, on a
 * phone; the draft's words are gone from the family's page and the editor's, each saying when it was
 * removed, and the editor is e-mailed. The editor's side is arranged through the API. Then the family
 * closes the account (signing in again), cannot sign in any more, and the editor's project reads 'Account closed'.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { listStored } from '../helpers/stored';
import { keepScreenshot } from '../helpers/screens';

test.use({ viewport: { width: 390, height: 844 } });

const ESSAY = 'The summer I rebuilt my grandfather’s radio, I learned to listen.';
const status = (scope: ReturnType<Page['locator']>) => scope.getByRole('status').filter({ hasText: /\S/ });

test('the family removes a draft by keyboard; its words are gone for both sides, each page says when', async ({
  page,
  browser,
}) => {
  const parent = await signIn(page, uniqueEmail('parent'));
  const family = await tokenFor(page.request, parent);
  const [id] = await buy(page.request, family, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const submitted = await step(page.request, family, id, 'submit', {
    prompt: 'Why us?',
    draft: { kind: 'text', text: ESSAY },
  });
  expect(submitted.status).toBe(200);
  await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), id, 'Lovely opening line.');

  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await expect(card).toContainText(ESSAY);
  const remove = card.getByRole('button', { name: 'Remove the first draft' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove the first draft?' });
  await expect(dialog).toContainText('deleted for good, for you and for your editor');
  // The safe choice first; Escape keeps the draft and gives focus back.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'privacy-delete-confirm-390');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(card).toContainText(ESSAY);

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(card)).toHaveText(
    'The draft is removed: its text and files are deleted, and your editor has been told.',
  );
  expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(card).toContainText(/Removed by the family on [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
  await expect(card).not.toContainText(ESSAY);
  await expect(card).toContainText('Lovely opening line.');
  await expect(card.getByRole('button', { name: 'Remove the first draft' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(page, 'privacy-delete-removed-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'privacy-delete-removed-1280', { fullPage: true });

  // Maya is told once, and her workspace shows the note, not the essay.
  const told = (await listStored<{ to: string; subject: string }>('outbox')).filter(
    (mail) => mail.to === MAYA.email && mail.subject.startsWith('Draft removed: '),
  );
  expect(told).toHaveLength(1);
  const editorContext = await browser.newContext();
  const maya = await editorContext.newPage();
  await signIn(maya, MAYA.email);
  await maya.goto(`/editor#project-${id}`);
  const opened = maya.getByRole('article');
  await expect(opened).toContainText(/Removed by the family on /);
  await expect(opened).not.toContainText(ESSAY);

  // The family closes the account by keyboard: what happens and the refund said first, the password asked again.
  await page.goto('/dashboard');
  const closing = page.getByRole('region', { name: 'Close my account' });
  await closing.getByRole('button', { name: 'Close my account…' }).focus();
  await page.keyboard.press('Enter');
  await expect(closing).toContainText('is withdrawn: editing has begun, so nothing is refunded.');
  await expect(closing).toContainText('Your orders and refunds are kept');
  await page.keyboard.press('Tab');
  await expect(closing.getByLabel('Your password, to confirm it is you')).toBeFocused();
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(closing, 'close-account-confirm-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(closing, 'close-account-confirm-390');
  await page.keyboard.type('wrong-pass');
  await page.keyboard.press('Enter');
  await expect(closing.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await closing.getByLabel('Your password, to confirm it is you').fill('secret-pass');
  await page.keyboard.press('Enter');
  await expect(closing.getByRole('status')).toHaveText(
    'Your account is closed. We kept only what accounting requires.',
  );
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(page, 'close-account-closed-390', { fullPage: true });
  const again = await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email: parent, password: 'secret-pass', returnSecureToken: true },
  });
  expect(again.status()).toBe(400);

  // Maya's finished project now names no one.
  await maya.reload();
  await expect(maya.getByRole('article')).toContainText('Account closed');
  await expect(maya.getByRole('article')).toContainText(/Deleted when the family closed its account on /);
  await expect(maya.getByRole('article')).not.toContainText(/Deleted after one year/);
  await keepScreenshot(maya, 'close-account-editor-1280', { fullPage: true });
  await editorContext.close();
});
