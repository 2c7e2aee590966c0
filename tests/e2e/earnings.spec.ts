/**
 * The editor's earnings on /editor: closed until asked for (its code loads then), then the project the
 * family just made final with what it earned and the day it clears, by keyboard, at a phone's and a
 * desktop's width. The amounts are the function tests'; here the page shows what the server wrote.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

test('a project made final shows on the editor’s earnings, pending until it clears, and the statement downloads', async ({
  page,
  request,
}) => {
  const family = await tokenFor(request, uniqueEmail());
  const maya = await tokenFor(request, MAYA.email);
  const [id] = await buy(request, family, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const submitted = await step(request, family, id, 'submit', {
    prompt: 'Why us?',
    draft: { kind: 'text', text: 'My first draft.' },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  await returnFeedback(request, maya, id);
  const final = await step(request, family, id, 'finalize');
  expect(final.status, JSON.stringify(final.body)).toBe(200);

  const panelAsked: string[] = [];
  page.on('request', (r) => r.url().includes('EarningsPanel') && panelAsked.push(r.url()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, MAYA.email);
  await page.goto('/editor');
  const show = page.getByRole('button', { name: 'Show my earnings' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  expect(panelAsked).toEqual([]);
  await show.focus();
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Earned');
  await expect(row).toContainText('$52.50');
  await expect(row).toContainText(/Clears \w{3} \d{1,2}, \d{4}/);
  expect(panelAsked.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Hide my earnings' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page, 'section[aria-labelledby="earnings-heading"]');
  await keepScreenshot(page.locator('section[aria-labelledby="earnings-heading"]'), 'earnings-1280');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe(`earnings-${MAYA.id}.csv`);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  // Wider than the phone, the entries scroll sideways: a region the keyboard reaches and scrolls.
  await expectNoAxeViolations(page, 'section[aria-labelledby="earnings-heading"]');
  await keepScreenshot(page.locator('section[aria-labelledby="earnings-heading"]'), 'earnings-390');
});
