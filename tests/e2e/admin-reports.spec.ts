/**
 * The admin's search box and Reports tab, at a desktop's and a phone's width, by keyboard: a family
 * found by its address and its order opened; the months, their chart and the editors; a CSV downloaded.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { localDate } from '../../src/features/consults/consult-format';
import { BUSINESS_TIME_ZONE, REPORT_LIMITS, monthLabel, type MonthsReport } from '../../src/features/admin/reports';
import type { BackupsStatus } from '../../src/features/admin/backups';
import { SEARCH_KINDS, searchMessages, type SearchAnswer } from '../../src/features/admin/search';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, runScheduled } from '../helpers/e2e-admin';
import { uniqueEmail } from '../helpers/e2e-auth';
import { MAYA, buy, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

/** Presses Tab until `target` has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

// As on a live site, the hourly run has kept the settled days the months report reads.
test.beforeAll(async ({ playwright }, { project }) => {
  const request = await playwright.request.newContext({ baseURL: project.use.baseURL });
  await runScheduled(request);
  await request.dispose();
});

const isSearchRequest = (url: URL) => url.pathname === '/api/admin/search';
const isMonthsRequest = (url: URL) => url.pathname === '/api/admin/reports/months';
const isBackupsRequest = (url: URL) => url.pathname === '/api/admin/backups';

const BACKUPS: BackupsStatus = {
  backup: {
    firstCopyAt: '2026-11-20T02:20:31.000Z',
    keptUntil: '2026-11-29T14:00:00.000Z',
    oldestPoint: '2026-11-20T03:00:00.000Z',
    last: { at: '2026-11-29T15:20:09.000Z', copied: 14, gone: 1, bytes: 38_912 },
    firstCopy: { blobs: 1_180, bytes: 52_428_800 },
  },
  rehearsal: { point: '2026-11-29T03:00:00.000Z', finishedAt: '2026-11-29T03:41:12.000Z', blobs: 1_204, problems: [] },
};
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Find a family, an order or an e-mail' });
const searchStatus = (page: Page) => page.locator('#admin-search [role="status"]');

/** Searches by keyboard: to the box, the words, Enter. */
async function searchFor(page: Page, words: string) {
  await tabTo(page, searchBox(page));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
}

/** Opens the Reports tab by keyboard: two before the last (the Audit log, then Privacy). */
async function openReports(page: Page) {
  await tabTo(page, page.getByRole('tab', { selected: true }));
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
}

const REPORT: MonthsReport = {
  from: '2026-08',
  to: '2026-10',
  timeZone: BUSINESS_TIME_ZONE,
  months: [
    {
      month: '2026-08',
      revenueCents: 120000,
      refundsCents: 0,
      netCents: 120000,
      editorsEarnedCents: 84000,
      platformCents: 36000,
      orders: 3,
      projectsFinished: 1,
      lateRounds: 0,
      onTimeRounds: 4,
      consultsBooked: 2,
    },
    {
      month: '2026-09',
      revenueCents: 275050,
      refundsCents: 30000,
      netCents: 245050,
      editorsEarnedCents: 171500,
      platformCents: 73550,
      orders: 6,
      projectsFinished: 2,
      lateRounds: 1,
      onTimeRounds: 7,
      consultsBooked: 5,
    },
    {
      month: '2026-10',
      revenueCents: 0,
      refundsCents: 15000,
      netCents: -15000,
      editorsEarnedCents: -5250,
      platformCents: -9750,
      orders: 0,
      projectsFinished: 0,
      lateRounds: 0,
      onTimeRounds: 0,
      consultsBooked: 1,
    },
  ],
  total: {
    revenueCents: 395050,
    refundsCents: 45000,
    netCents: 350050,
    editorsEarnedCents: 250250,
    platformCents: 99800,
    orders: 9,
    projectsFinished: 3,
    lateRounds: 1,
    onTimeRounds: 11,
    consultsBooked: 8,
  },
  editors: [
    {
      editorId: 'daniel-okafor',
      name: 'Daniel Okafor',
      projectsOpen: 2,
      projectsFinished: 1,
      roundsOnTime: 5,
      roundsLate: 1,
    },
    { editorId: 'maya-chen', name: 'Maya Chen', projectsOpen: 3, projectsFinished: 2, roundsOnTime: 6, roundsLate: 0 },
  ],
};

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('search finds a family by its address in every list that has it, and a result opens its order', async ({
      page,
      request,
    }) => {
      test.slow(); // an order bought and paid through the API, and axe
      const email = uniqueEmail('search');
      const [projectId] = await buy(
        request,
        await tokenFor(request, email),
        [{ id: 'supplement-small', quantity: 1 }],
        MAYA.id,
      );
      const orderId = projectId.replace(/-1$/, '');
      await openAdmin(page, request);

      await searchFor(page, 'x');
      await expect(page.getByText(searchMessages.typeMore)).toBeVisible();
      await expect(searchBox(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(searchBox(page)).toBeFocused();

      await searchFor(page, email.toUpperCase());
      await expect(searchStatus(page)).toContainText(/\d+ match(es)? for “/);
      const results = page.locator('#admin-search');
      await expect(results.getByRole('heading', { name: 'Orders (1)' })).toBeVisible();
      await expect(results.getByRole('heading', { name: 'Projects (1)' })).toBeVisible();
      await expect(results.getByRole('link', { name: new RegExp(`^${orderId} · Pat Rivera`) })).toContainText(email);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, '#admin-search');
      await keepScreenshot(page, `admin-search-${width}`, { fullPage: true });

      const orderLink = results.getByRole('link', { name: new RegExp(`^${orderId} ·`) });
      await tabTo(page, orderLink);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]tab=orders/);
      await expect(page.getByRole('tab', { name: 'Orders', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[id="order-${orderId}"]`)).toBeFocused();
      await expect(searchStatus(page)).toContainText('Opened Orders.');
    });

    test('search says when nothing matches, and when it failed, with a way to try again', async ({ page, request }) => {
      await openAdmin(page, request);
      await searchFor(page, 'zz-nobody-by-this-name');
      await expect(searchStatus(page)).toHaveText(searchMessages.noMatches('zz-nobody-by-this-name'));

      await page.route(isSearchRequest, (route) =>
        route.fulfill({ status: 503, json: { error: 'We could not load that; please try again.' } }),
      );
      await searchFor(page, 'pat rivera');
      await expect(page.getByText(searchMessages.failed)).toBeVisible();
      await page.unroute(isSearchRequest);
      await tabTo(page, page.locator('#admin-search').getByRole('button', { name: 'Try again' }));
      await page.keyboard.press('Enter');
      await expect(searchStatus(page)).toContainText(/matches? for “pat rivera”|No matches for “pat rivera”/);
      await expect(searchBox(page)).toHaveValue('pat rivera');

      // A name many families share: more may match than the search read, and another word narrows it.
      const hit = (n: number) => ({
        kind: 'orders' as const,
        id: `BCC-MORE0${n}`,
        title: `BCC-MORE0${n} · Jordan Smith${n}`,
        detail: 'Paid',
        anchor: null,
      });
      const answer: SearchAnswer = {
        q: 'jordan',
        groups: SEARCH_KINDS.map((kind) =>
          kind === 'orders' ? { kind, hits: [hit(1), hit(2)], matches: 3, more: true } : { kind, hits: [], matches: 0 },
        ),
      };
      await page.route(isSearchRequest, (route) => route.fulfill({ json: answer }));
      await searchFor(page, 'jordan');
      await expect(searchStatus(page)).toContainText('More than 3 matches for “jordan”.');
      const results = page.locator('#admin-search');
      await expect(results.getByRole('heading', { name: 'Orders (3+)' })).toBeVisible();
      await expect(
        results.getByText('Showing 2 of more than 3: type more of the name or address to narrow it down.'),
      ).toBeVisible();
      await keepScreenshot(page, `admin-search-more-${width}`);
      await page.unroute(isSearchRequest);
    });

    test('Reports: each month in a table and a chart with a text alternative, the editors, and the totals', async ({
      page,
      request,
    }) => {
      await page.route(isMonthsRequest, (route) => route.fulfill({ json: REPORT }));
      await openAdmin(page, request);
      await openReports(page);
      const panel = page.locator(OPEN_TAB_PANEL);

      const chart = panel.getByRole('img', { name: 'Revenue and refunds by month' });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAccessibleDescription(
        /from Aug 2026 to Oct 2026.*highest revenue was \$2,750\.50 in Sep 2026/,
      );
      // One bar of revenue and one of refunds a month, the highest revenue the full height.
      await expect(chart.locator('rect')).toHaveCount(6);
      expect(await chart.locator('rect').nth(2).getAttribute('y')).toBe('0');

      const months = panel.getByRole('region', { name: 'Months, newest first' }).getByRole('table');
      await expect(months.getByRole('row')).toHaveText([
        /^Month\s*Revenue\s*Refunds\s*Net\s*Editors' earnings\s*Platform's share\s*Orders paid\s*Projects finished\s*Rounds late\s*Rounds on time\s*Consults booked$/,
        /^Oct 2026\s*\$0\.00\s*\$150\.00\s*-\$150\.00\s*-\$52\.50\s*-\$97\.50\s*0\s*0\s*0\s*0\s*1$/,
        /^Sep 2026\s*\$2,750\.50\s*\$300\.00\s*\$2,450\.50\s*\$1,715\.00\s*\$735\.50\s*6\s*2\s*1\s*7\s*5$/,
        /^Aug 2026\s*\$1,200\.00\s*\$0\.00\s*\$1,200\.00\s*\$840\.00\s*\$360\.00\s*3\s*1\s*0\s*4\s*2$/,
        /^Total\s*\$3,950\.50\s*\$450\.00\s*\$3,500\.50\s*\$2,502\.50\s*\$998\.00\s*9\s*3\s*1\s*11\s*8$/,
      ]);
      const editors = panel.getByRole('region', { name: 'Editors' }).getByRole('table');
      await expect(editors.getByRole('row')).toHaveText([
        /^Editor\s*Projects open now\s*Projects finished\s*Rounds on time\s*Rounds late$/,
        /^Daniel Okafor\s*2\s*1\s*5\s*1$/,
        /^Maya Chen\s*3\s*2\s*6\s*0$/,
      ]);
      // Wide tables scroll inside their region on a phone, never the page; by keyboard too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(panel.getByRole('region', { name: 'Months, newest first' })).toHaveAttribute('tabindex', '0');
      await expectNoAxeViolations(page, OPEN_TAB_PANEL);
      await keepScreenshot(page, `admin-reports-${width}`, { fullPage: true });
    });

    test('Reports: a failed load says so and tries again; longer spans ask for more months', async ({
      page,
      request,
    }) => {
      let fail = true;
      const asked: string[] = [];
      await page.route(isMonthsRequest, (route) => {
        asked.push(new URL(route.request().url()).search);
        return fail
          ? route.fulfill({ status: 503, json: { error: 'We could not load that; please try again.' } })
          : route.fulfill({ json: REPORT });
      });
      await openAdmin(page, request);
      await openReports(page);
      const panel = page.locator(OPEN_TAB_PANEL);
      await expect(panel.getByRole('alert')).toContainText(
        'The months could not be loaded: We could not load that; please try again.',
      );
      fail = false;
      await tabTo(page, panel.getByRole('button', { name: 'Try again' }));
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('img', { name: 'Revenue and refunds by month' })).toBeVisible();

      const thisMonth = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE).slice(0, 7);
      await tabTo(page, panel.getByLabel('Months shown'));
      const before = asked.length;
      await page.keyboard.press('ArrowDown');
      await expect(panel.getByLabel('Months shown')).toHaveValue('24');
      await expect.poll(() => asked.length).toBe(before + 1);
      expect(asked.at(-1)).toContain(`to=${thisMonth}`);
      const [from, to] = ['from', 'to'].map((name) => new URLSearchParams(asked.at(-1)).get(name)!);
      const span =
        (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
      expect(span).toBe(24);
    });

    test('Reports: the backups say up to when changes are kept and how the last rehearsal went; a failed load tries again', async ({
      page,
      request,
    }) => {
      let answer: { status: number; json: unknown } = {
        status: 503,
        json: { error: 'We could not load that; please try again.' },
      };
      await page.route(isMonthsRequest, (route) => route.fulfill({ json: REPORT }));
      await page.route(isBackupsRequest, (route) => route.fulfill(answer));
      await openAdmin(page, request);
      await openReports(page);
      const backups = page.locator(OPEN_TAB_PANEL).getByRole('region', { name: 'Backups' });
      await expect(backups.getByRole('alert')).toContainText(
        'The backups could not be loaded: We could not load that; please try again.',
      );
      answer = { status: 200, json: BACKUPS };
      await tabTo(page, backups.getByRole('button', { name: 'Try again' }));
      await page.keyboard.press('Enter');
      await expect(backups).toContainText('Every change made before Nov 29, 2026');
      await expect(backups).toContainText('Last backup with changes: ');
      await expect(backups).toContainText('14 files copied (38 KB), 1 deletion.');
      await expect(backups).toContainText('Last restore rehearsal: ');
      await expect(backups).toContainText('1,204 files brought back as backed up');
      await expectNoAxeViolations(page, OPEN_TAB_PANEL);
      await backups.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `admin-backups-${width}`);

      answer = {
        status: 200,
        json: { ...BACKUPS, rehearsal: { ...BACKUPS.rehearsal, problems: ['orders: BCC-AAAAAA missing'] } },
      };
      await page.reload();
      await openReports(page);
      await expect(backups.getByRole('alert')).toContainText('The last restore rehearsal failed');
      await expect(backups.getByRole('alert')).toContainText('orders: BCC-AAAAAA missing');
    });

    test('Reports: the accountant downloads the orders of a period as CSV', async ({ page, request }) => {
      test.slow(); // an order bought and paid through the API
      const email = uniqueEmail('export');
      const [projectId] = await buy(
        request,
        await tokenFor(request, email),
        [{ id: 'supplement-small', quantity: 1 }],
        MAYA.id,
      );
      const orderId = projectId.replace(/-1$/, '');
      await openAdmin(page, request);
      await openReports(page);
      const panel = page.locator(OPEN_TAB_PANEL);
      const today = localDate(new Date().toISOString(), BUSINESS_TIME_ZONE);

      // The real months, newest first: this month counts the order just paid.
      const months = panel.getByRole('region', { name: 'Months, newest first' }).getByRole('table');
      const thisMonth = months.getByRole('row').nth(1);
      await expect(thisMonth.getByRole('rowheader')).toHaveText(monthLabel(today.slice(0, 7)));
      // Revenue, refunds, net, the editors' earnings and the platform's share, then the orders paid.
      expect(Number(await thisMonth.getByRole('cell').nth(5).textContent())).toBeGreaterThanOrEqual(1);
      await expect(months.getByRole('row')).toHaveCount(REPORT_LIMITS.defaultMonths + 2);
      await keepScreenshot(page, `admin-reports-real-${width}`, { fullPage: true });

      // This month so far by default; last month and this week one press away.
      const periods = panel.getByRole('group', { name: 'Choose a period' });
      await expect(panel.getByLabel('First day')).toHaveValue(`${today.slice(0, 7)}-01`);
      await expect(panel.getByLabel('Last day')).toHaveValue(today);
      await expect(periods.getByRole('button', { name: 'This month so far' })).toHaveAttribute('aria-pressed', 'true');
      await periods.getByRole('button', { name: 'Last month' }).click();
      await expect(panel.getByLabel('First day')).toHaveValue(/^\d{4}-\d\d-01$/);
      await expect(panel.getByLabel('Last day')).not.toHaveValue(new RegExp(`^${today.slice(0, 7)}`));
      await expect(periods.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
      await periods.getByRole('button', { name: 'This week' }).click();
      await expect(panel.getByLabel('Last day')).toHaveValue(today);

      // A period backwards is answered beside the fields.
      await panel.getByLabel('First day').fill(today);
      await panel.getByLabel('Last day').fill('2020-01-01');
      await expect(panel.getByText('The first day must not be after the last.')).toBeVisible();
      await panel.getByLabel('Last day').fill(today);
      await expect(panel.getByText('The first day must not be after the last.')).toHaveCount(0);

      await tabTo(page, panel.getByRole('button', { name: 'Orders CSV' }));
      const download = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const file = await download;
      expect(file.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
      const csv = await readFile((await file.path())!, 'utf8');
      const [header, ...rows] = csv.trim().split('\r\n');
      expect(header).toBe(
        '"Order","Paid at (America/New_York)","Status","Family e-mail","Parent","Student","Editor","Items","Total","Refunded","Net","Payment id"',
      );
      expect(rows.find((row) => row.startsWith(`"${orderId}"`))).toMatch(
        new RegExp(
          `^"${orderId}","${today} \\d\\d:\\d\\d:\\d\\d","Paid","${email}","Pat Rivera","Sam Rivera","Maya Chen","Supplemental Essay[^"]*","\\d+\\.\\d\\d","0\\.00","\\d+\\.\\d\\d",`,
        ),
      );
      await expect(panel.getByRole('status').filter({ hasText: 'Downloaded' })).toHaveText(
        `Downloaded orders-${today}-to-${today}.csv.`,
      );
    });
  });
}
