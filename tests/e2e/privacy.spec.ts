/**
 * Privacy in the browser: a family downloads its data from the dashboard on a phone, by keyboard; an
 * admin closes a family's account on a request by mail, by keyboard; a student closes their own; a
 * project says a month ahead when its content goes (its end arranged in the data dir); a subscriber
 * leaves the newsletter from the privacy policy, through the mailed link, with JavaScript off.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { dataExportTexts } from '../../src/features/privacy/data-export';
import { adminCloseTexts, closeAccountMessages, closeAccountTexts } from '../../src/features/privacy/privacy';
import { unsubscribeTexts } from '../../src/lib/unsubscribe';
import { expectNoAxeViolations } from '../helpers/axe';
import { openAdmin, toasts } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { subscribeConfirmed } from '../helpers/e2e-newsletter';
import { buy, MAYA, projectCard, sharedWithStudent, tokenFor } from '../helpers/e2e-delivery';
import { listStored, readStored, writeStored } from '../helpers/stored';
import type { Project } from '../../src/features/projects/project';
import { retentionMessages } from '../../src/features/projects/project';
import { DAY_MS } from '../../src/lib/time';
import { keepScreenshot } from '../helpers/screens';

test('a family downloads its data from the dashboard by keyboard: one zip with its order and project', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const parent = await signIn(page, uniqueEmail('parent'));
  const [projectId] = await buy(
    page.request,
    await tokenFor(page.request, parent),
    [{ id: 'supplement-small', quantity: 1 }],
    MAYA.id,
  );
  await page.goto('/dashboard');
  await expect(projectCard(page, projectId)).toBeVisible();
  const region = page.getByRole('region', { name: dataExportTexts.heading });
  const button = region.getByRole('button', { name: dataExportTexts.button });
  await button.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'privacy-data-dashboard-390', { fullPage: true });
  await expectNoAxeViolations(page, 'main');

  await button.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^beacon-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(region.getByRole('status')).toHaveText(dataExportTexts.done);
  const zip = unzipSync(readFileSync(await download.path()));
  const data = JSON.parse(strFromU8(zip['data.json']));
  expect(data.account.email).toBe(parent);
  expect(data.orders.map((o: { id: string }) => o.id)).toEqual([projectId.replace(/-1$/, '')]);
  expect(data.projects.asParent.map((p: { id: string }) => p.id)).toEqual([projectId]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'privacy-data-dashboard-1280', { fullPage: true });
});

test("an admin closes a family's account for a request by mail, by keyboard: what happens first, then a reason", async ({
  page,
}) => {
  test.slow(); // a purchase through the API, axe at two widths
  const parent = uniqueEmail('parent');
  const [projectId] = await buy(
    page.request,
    await tokenFor(page.request, parent),
    [{ id: 'supplement-small', quantity: 1 }],
    MAYA.id,
  );
  await openAdmin(page, page.request, '/admin?tab=privacy');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('E-mail address').fill(parent);
  await page.keyboard.press('Enter');
  const open = page.getByRole('button', { name: adminCloseTexts.open });
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('form', { name: adminCloseTexts.question });
  await expect(panel).toContainText(`(${projectId}) is cancelled`);
  await expect(panel.getByLabel('Reason')).toBeFocused();
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(page, 'privacy-admin-close-390', { fullPage: true });

  // Without a reason nothing is closed.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: adminCloseTexts.confirm })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(adminCloseTexts.reasonRequired);
  await expect(panel.getByLabel('Reason')).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.type('Asked by mail today, from this address.');
  await keepScreenshot(page, 'privacy-admin-close-1280', { fullPage: true });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(closeAccountMessages.closedByAdmin);
  await expect(panel).toBeHidden();
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  const signingIn = await page.request.post(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key',
    { data: { email: parent, password: 'secret-pass', returnSecureToken: true } },
  );
  expect(signingIn.ok()).toBe(false);
});

test('a student closes their own account from the dashboard, by keyboard: the shared project is said first', async ({
  page,
}) => {
  test.slow(); // a purchase through the API, axe
  const studentEmail = uniqueEmail('student');
  const { projectId } = await sharedWithStudent(page.request, studentEmail, uniqueEmail('parent'));

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, studentEmail);
  await page.goto('/dashboard');
  await expect(projectCard(page, projectId)).toBeVisible();
  const closing = page.getByRole('region', { name: closeAccountTexts.heading });
  await closing.getByRole('button', { name: closeAccountTexts.open }).focus();
  await page.keyboard.press('Enter');
  await expect(closing).toContainText(closeAccountTexts.sharedProjects(1));
  await expect(closing).toContainText(closeAccountTexts.noOpenProjects);
  // No drafts, orders or reviews of their own: the list says only what happens to them.
  await expect(closing.getByRole('listitem')).toHaveText([...closeAccountTexts.forAStudent]);
  await page.keyboard.press('Tab');
  await expect(closing.getByLabel(closeAccountTexts.password)).toBeFocused();
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(closing, 'close-account-student-390');
  await page.keyboard.type('secret-pass');
  await page.keyboard.press('Enter');
  await expect(closing.getByRole('status')).toHaveText(
    'Your account is closed. The drafts you submitted stay with the project, which is your parent’s.',
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'close-account-student-closed-1280', { fullPage: true });
  const again = await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key', {
    data: { email: studentEmail, password: 'secret-pass', returnSecureToken: true },
  });
  expect(again.status()).toBe(400);
});

/** Arranges the project as withdrawn by its family `days` ago (what the retention period counts from). */
async function endedDaysAgo(id: string, days: number) {
  const project = (await readStored<Project>('projects', id))!;
  const at = new Date(Date.now() - days * DAY_MS).toISOString();
  const ending = { at, by: 'customer', actor: 'Pat, parent', type: 'withdraw', from: project.state, to: 'withdrawn' };
  await writeStored('projects', id, { ...project, state: 'withdrawn', history: [...project.history, ending] });
}

test('a project whose content goes within a month says when on the dashboard; one further off does not', async ({
  page,
}) => {
  test.slow(); // a purchase through the API, axe
  const parent = uniqueEmail('parent');
  const [soon, later] = await buy(
    page.request,
    await tokenFor(page.request, parent),
    [{ id: 'supplement-small', quantity: 2 }],
    MAYA.id,
  );
  await endedDaysAgo(soon, 340);
  await endedDaysAgo(later, 300);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, parent);
  await page.goto('/dashboard');
  const warning = retentionMessages.warning('').replace(/ on \.$/, ' on ');
  for (const id of [soon, later]) {
    await projectCard(page, id).getByRole('button', { name: 'Show drafts, feedback and messages' }).focus();
    await page.keyboard.press('Enter');
    await expect(projectCard(page, id).getByRole('heading', { name: 'Drafts and feedback' })).toBeVisible();
  }
  await expect(projectCard(page, soon)).toContainText(warning);
  await expect(projectCard(page, later)).not.toContainText(warning);
  await expectNoAxeViolations(page, 'main');
  await keepScreenshot(projectCard(page, soon), 'privacy-retention-warning-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(projectCard(page, soon), 'privacy-retention-warning-1280');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a subscriber asks for the link on the privacy policy, opens it, confirms, and is unsubscribed', async ({
    page,
  }) => {
    const email = uniqueEmail('reader');
    await subscribeConfirmed(page.request, email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy-policy#unsubscribe');
    await page.getByLabel('E-mail address').fill(email);
    await keepScreenshot(page, 'privacy-data-policy-390');
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unsubscribeTexts.linkSentTitle);

    const mail = (await listStored<{ to: string; text: string }>('outbox')).find((m) => m.to === email)!;
    const link = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0]);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unsubscribeTexts.confirmTitle);
    // Opening the link changed nothing: a mail scanner that follows it unsubscribes no one.
    const stored = async () =>
      (await listStored<{ email: string; enabled: boolean }>('subscribers')).find((s) => s.email === email);
    expect((await stored())?.enabled).toBe(true);
    await keepScreenshot(page, 'privacy-data-unsubscribe-390');

    await page.getByRole('button', { name: unsubscribeTexts.confirmButton }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unsubscribeTexts.doneTitle);
    expect((await stored())?.enabled).toBe(false);
  });
});
