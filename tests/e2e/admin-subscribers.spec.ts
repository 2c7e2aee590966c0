import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/lib/paging';
import { messages } from '../../src/lib/messages';
import { optInAdminTexts } from '#features/contact/opt-in';
import type { EmailSubscriber } from '../../src/lib/schemas';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { uniqueEmail } from '../helpers/e2e-auth';
import { subscribeConfirmed } from '../helpers/e2e-newsletter';
import { listStored, readStored, writeStored } from '../helpers/stored';

const isPageRequest = (url: URL) => url.pathname === '/api/database/emails' && url.searchParams.has('limit');
const isFullList = (url: URL) => url.pathname === '/api/database/emails' && url.search === '';

/** Answers the tab's page requests with `pages`, in order of the cursor they ask for. */
async function servePages(page: Page, pages: ListPage<EmailSubscriber>[]) {
  await page.route(isPageRequest, (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    const index = cursor === null ? 0 : pages.findIndex((p) => p.nextCursor === cursor) + 1;
    return route.fulfill({ json: pages[index] });
  });
}

const subscriber = (id: string, enabled = true): EmailSubscriber => ({
  id,
  enabled,
  status: enabled ? 'active' : 'inactive',
  subscribedAt: '2025-03-01T10:00:00.000Z',
});
const list = (page: Page) => page.getByRole('list', { name: 'Subscribers' });
const openTab = (page: Page) => page.getByRole('tab', { name: 'Email Subscribers' }).click();

test.beforeEach(async ({ page, request }) => {
  await openAdmin(page, request);
});

test('the heading counts the subscribers; each address has an Active or Inactive badge', async ({ page }) => {
  await servePages(page, [
    {
      items: [subscriber('ann@example.com'), subscriber('bob@example.com', false), subscriber('cy@example.com')],
      nextCursor: null,
      total: 3,
    },
  ]);
  await openTab(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Email Subscribers (3)');
  await expect(list(page).getByRole('listitem')).toHaveText([
    /ann@example\.com\s*Active/,
    /bob@example\.com\s*Inactive/,
    /cy@example\.com\s*Active/,
  ]);
  // About 24rem high and scrollable, by keyboard too.
  expect(await list(page).evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
  expect(await list(page).evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
  await expect(list(page)).toHaveAttribute('tabindex', '0');
});

test('with no subscribers the tab says so', async ({ page }) => {
  await servePages(page, [{ items: [], nextCursor: null, total: 0 }]);
  await openTab(page);
  await expect(page.getByText('No email subscribers found.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Email Subscribers (0)');
  await expect(list(page)).toHaveCount(0);
});

test('a list that fails to load shows Failed to fetch data and the rest of the dashboard works', async ({ page }) => {
  await page.route(isPageRequest, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
  await openTab(page);
  await expect(toasts(page).getByRole('alert')).toHaveText(messages.fetchFailed);
  await expect(page.getByText('The subscriber list could not be loaded.')).toBeVisible();
  await page.getByRole('tab', { name: 'Editors Management' }).click();
  await expect(page.getByRole('button', { name: 'Edit Maya Chen' })).toBeVisible();
});

test('large lists come a page at a time: Load more adds the next page', async ({ page }) => {
  const first = Array.from({ length: 50 }, (_, i) => subscriber(`reader${String(i).padStart(2, '0')}@example.com`));
  const second = Array.from({ length: 10 }, (_, i) => subscriber(`reader${50 + i}@example.com`));
  await servePages(page, [
    { items: first, nextCursor: 'cursor-1', total: 60 },
    { items: second, nextCursor: null, total: 60 },
  ]);
  await openTab(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Email Subscribers (60)');
  await expect(page.getByText('Showing 50 of 60')).toBeVisible();
  await expect(list(page).getByRole('listitem')).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(60);
  await expect(page.getByText('Showing 60 of 60')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test.describe('with real subscribers', () => {
  /** Addresses that sort first ('0...'), so they are on the first page whatever else is stored. */
  const addresses = () => [uniqueEmail('0-admin-a'), uniqueEmail('0-admin-b')];

  test('deactivate and reactivate an address', async ({ page, request }) => {
    const [email] = addresses();
    await subscribeConfirmed(request, email);
    await openTab(page);
    const row = list(page).getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    await expect(row).toContainText('Inactive');
    await expect(toasts(page).getByRole('status')).toHaveText('Subscriber deactivated');
    expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ email, enabled: false });
    await row.getByRole('button', { name: `Reactivate ${email}` }).click();
    await expect(row).toContainText('Active');
    expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ email, enabled: true });
  });

  test('an address that unsubscribed offers only Send confirmation: it mails the link and stays out', async ({
    page,
    request,
  }) => {
    const [email] = addresses();
    await subscribeConfirmed(request, email);
    await writeStored('subscribers', encodeURIComponent(email), {
      ...(await readStored<object>('subscribers', encodeURIComponent(email))),
      enabled: false,
      unsubscribedAt: new Date().toISOString(),
    });
    await openTab(page);
    const row = list(page).getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Unsubscribed');
    await expect(row.getByRole('button', { name: `Reactivate ${email}` })).toHaveCount(0);
    await row.getByRole('button', { name: `${optInAdminTexts.sendConfirmation} ${email}` }).click();
    await expect(toasts(page).getByRole('status')).toHaveText(optInAdminTexts.confirmationSent);
    await expect(row).toContainText('Unsubscribed');
    expect(await readStored('subscribers', encodeURIComponent(email))).toMatchObject({ email, enabled: false });
    const mails = (await listStored<{ to: string; text: string }>('outbox')).filter((m) => m.to === email);
    expect(mails.filter((m) => m.text.includes('/confirm?token='))).toHaveLength(2);
  });

  test('Export CSV downloads email, status and subscribed at', async ({ page, request }) => {
    const [active, inactive] = addresses();
    for (const email of [active, inactive]) await subscribeConfirmed(request, email);
    await openTab(page);
    await list(page)
      .getByRole('button', { name: `Deactivate ${inactive}` })
      .click();
    await expect(list(page).getByRole('listitem').filter({ hasText: inactive })).toContainText('Inactive');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('"email","status","subscribed at"');
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^"${active.replace(/[.+]/g, '\\$&')}","Active","\\d{4}-\\d{2}-\\d{2}T`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^"${inactive.replace(/[.+]/g, '\\$&')}","Inactive","`)),
    );
  });
});

test.describe('Copy All Emails', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copies the active addresses, one per line', async ({ page }) => {
    const all = [subscriber('ann@example.com'), subscriber('bob@example.com', false), subscriber('cy@example.com')];
    await servePages(page, [{ items: all, nextCursor: null, total: 3 }]);
    await page.route(isFullList, (route) => route.fulfill({ json: all.map(({ id, enabled }) => ({ id, enabled })) }));
    await openTab(page);
    await page.getByRole('button', { name: 'Copy All Emails' }).click();
    await expect(toasts(page).getByRole('status')).toHaveText(messages.emailsCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ann@example.com\ncy@example.com');
  });

  test('says so when the addresses cannot be copied', async ({ page }) => {
    await servePages(page, [{ items: [subscriber('ann@example.com')], nextCursor: null, total: 1 }]);
    await page.route(isFullList, (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await openTab(page);
    await page.getByRole('button', { name: 'Copy All Emails' }).click();
    await expect(toasts(page).getByRole('alert')).toHaveText(messages.emailsCopyFailed);
  });
});

for (const width of [390, 1280]) {
  test(`the subscribers tab is axe clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await servePages(page, [
      {
        items: [
          subscriber('ann@example.com'),
          subscriber('a.rather.long.address.for.wrapping@example-domain.org', false),
        ],
        nextCursor: 'next',
        total: 80,
      },
    ]);
    await openTab(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  });
}
