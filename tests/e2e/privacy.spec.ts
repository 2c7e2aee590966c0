/**
 * Privacy in the browser: a family downloads its data from the dashboard on a phone, by keyboard; a
 * subscriber leaves the newsletter from the privacy policy, through the mailed link, with JavaScript off.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { dataExportTexts } from '../../src/lib/data-export';
import { unsubscribeTexts } from '../../src/lib/unsubscribe';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, tokenFor } from '../helpers/e2e-delivery';
import { listStored } from '../helpers/stored';

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
  await page.screenshot({ path: '/tmp/privacy-data-dashboard-390.png', fullPage: true });
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
  await page.screenshot({ path: '/tmp/privacy-data-dashboard-1280.png', fullPage: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a subscriber asks for the link on the privacy policy, opens it, confirms, and is unsubscribed', async ({
    page,
  }) => {
    const email = uniqueEmail('reader');
    expect((await page.request.post('/api/database/subscribe', { data: { email } })).ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy-policy#unsubscribe');
    await page.getByLabel('E-mail address').fill(email);
    await page.screenshot({ path: '/tmp/privacy-data-policy-390.png' });
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
    await page.screenshot({ path: '/tmp/privacy-data-unsubscribe-390.png' });

    await page.getByRole('button', { name: unsubscribeTexts.confirmButton }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unsubscribeTexts.doneTitle);
    expect((await stored())?.enabled).toBe(false);
  });
});
