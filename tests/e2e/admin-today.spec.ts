/**
 * Today, the tab /admin opens on: what needs a person now, each count a link to the list that shows
 * it, and this month so far beside the same days of last month. Other specs on the same site add
 * inquiries and orders, so the counts are read against the server's own answer. By keyboard, at
 * 1280 px and 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { TODAY_ITEMS, type TodayReport } from '#features/admin/today';
import { expectNoAxeViolations } from '../helpers/axe';
import { uniqueEmail } from '../helpers/e2e-auth';
import { adminToken, OPEN_TAB_PANEL, openAdmin } from '../helpers/e2e-admin';
import { keepScreenshot } from '../helpers/screens';

const inquiry = (parentName: string) => ({
  parentName,
  studentInfo: 'Jordan Lee, 12th Grade',
  intendedMajor: 'humanities',
  services: ['supplements'],
  preferredEditor: 'any',
  turnaround: 'standard',
  email: uniqueEmail('today'),
  phone: '(312) 555-0144',
  details: 'Two schools left.',
});

for (const width of [1280, 390]) {
  test(`at ${width} px: Today opens first, counts what waits and opens the list behind a count by keyboard`, async ({
    page,
    request,
  }) => {
    const parentName = `Riley Today ${width} ${crypto.randomUUID().slice(0, 6)}`;
    expect((await request.post('/api/contact', { data: inquiry(parentName) })).ok()).toBe(true);
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, request);
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.locator(OPEN_TAB_PANEL);
    await expect(panel.getByRole('heading', { name: 'Today', level: 2 })).toBeVisible();

    // Each count is the server's, and each is a link.
    const token = await adminToken(request);
    const answer = await request.get('/api/admin/today', { headers: { authorization: `Bearer ${token}` } });
    const { counts } = (await answer.json()) as TodayReport;
    expect(counts.inquiries).toBeGreaterThanOrEqual(1);
    const needs = panel.getByRole('region', { name: 'Needs a person now' });
    await expect(needs.getByRole('link')).toHaveCount(TODAY_ITEMS.length);
    const inquiries = needs.getByRole('link', { name: /^New inquiries/ });
    await expect(inquiries).toHaveText(new RegExp(`New inquiries:\\s*(${counts.inquiries}|${counts.inquiries + 1})$`));
    const month = panel.getByRole('table', { name: 'This month so far against the same days of last month' });
    await expect(month.getByRole('rowheader')).toHaveText(['Revenue', 'Refunds', 'Orders', 'Projects finished']);
    await expect(month.getByRole('columnheader')).toHaveText(['Figure', 'This month', 'Last month', 'Change']);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    await keepScreenshot(page, `today-${width}`, { fullPage: true });

    // By keyboard: from the tab to the first links, then the inquiries' link opens the open inquiries.
    await page.getByRole('tab', { name: 'Today' }).focus();
    let reached = false;
    for (let i = 0; i < TODAY_ITEMS.length + 3 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await inquiries.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\?tab=inquiries&status=open$/);
    await expect(page.getByRole('tab', { name: 'Inquiries' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
    await expect(page.locator(OPEN_TAB_PANEL).getByRole('article').filter({ hasText: parentName })).toBeVisible();

    // Another tab starts unfiltered; Back returns to Today.
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=orders$/);
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  });
}

test('a failed load says so and tries again', async ({ page, request }) => {
  let fail = true;
  await page.route('**/api/admin/today', (route) =>
    fail ? route.fulfill({ status: 503, json: { error: 'Storage is unavailable' } }) : route.fallback(),
  );
  await openAdmin(page, request);
  const panel = page.locator(OPEN_TAB_PANEL);
  await expect(panel.getByRole('alert')).toHaveText(/We could not load what needs you today\./);
  fail = false;
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('region', { name: 'Needs a person now' })).toBeVisible();
});
