/**
 * The Audit log tab: an admin's refund appears in it with who, when and the amounts before and after,
 * found again by its order id; and a family's own cancel waits under 'Needs you' in the Orders tab,
 * with a count on the tab, until marked seen, as does an editor's closed account. Keyboard only, axe,
 * at 1280 and 390 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, editorInput, OPEN_TAB_PANEL, openAdmin, ADMIN_TABS } from '../helpers/e2e-admin';
import { idTokenOf, LOCAL_ADMIN, uniqueEmail } from '../helpers/e2e-auth';
import { openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { keepScreenshot } from '../helpers/screens';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new family buys two small supplements from Lucas Moreau and pays; answers their token and the order id. */
async function buy(request: APIRequestContext) {
  const token = await idTokenOf(request, uniqueEmail('family'));
  const session = await openOrderThroughApi(request, token, {
    services: [{ id: 'supplement-small', quantity: 2 }],
    editorId: 'lucas-moreau',
  });
  await payThroughApi(request, token, session);
  return { token, orderId: session.orderId };
}

async function refundThroughApi(request: APIRequestContext, orderId: string) {
  const res = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: bearer(await adminToken(request)),
    data: { requestId: crypto.randomUUID(), amountCents: 500, reason: 'Late reply from the office', projectIds: [] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Selects the tab named `name` from the keyboard: focus the selected tab, then arrows until it is. */
async function tabTo(page: Page, name: string) {
  await page.getByRole('tab', { selected: true }).focus();
  for (
    let i = 0;
    i < ADMIN_TABS.length &&
    !(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected'))?.includes('true');
    i++
  )
    await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a refund shows in the Audit log with who and the amounts, found by its order id; keyboard and axe`, async ({
    page,
    request,
  }) => {
    test.slow(); // an order paid and refunded through the API, axe twice
    await page.setViewportSize({ width, height: 900 });
    const { orderId } = await buy(request);
    await refundThroughApi(request, orderId);
    await openAdmin(page, request);
    await tabTo(page, 'Audit log');
    const panel = page.locator(OPEN_TAB_PANEL);
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('Audit log');

    const entry = panel
      .getByRole('article')
      .filter({ hasText: `Order ${orderId}` })
      .first();
    await expect(entry.getByRole('heading', { name: 'Refund' })).toBeVisible();
    // Named by what it is: the order and the family it is from.
    await expect(entry).toContainText(`Order ${orderId} from Pat Rivera`);
    await expect(entry).toContainText(`by ${LOCAL_ADMIN}`);
    await expect(entry.getByRole('list', { name: 'Changes' })).toContainText('refunded: — → $5.00');
    await expect(entry.getByRole('list', { name: 'Changes' })).toContainText('reason: — → Late reply from the office');

    // Only this order's entries, typed and sent from the keyboard.
    const search = panel.getByRole('searchbox', { name: /Only about/ });
    await search.focus();
    await page.keyboard.type(orderId);
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Audit log (1)');
    await expect(panel.getByRole('article')).toHaveCount(1);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `admin-audit-${width}`, { fullPage: true });

    await page.getByRole('button', { name: 'Show all' }).focus();
    await page.keyboard.press('Enter');
    await expect(search).toHaveValue('');
    await expect(panel.getByRole('button', { name: 'Show all' })).toHaveCount(0);
    await expect(panel.getByRole('article').filter({ hasText: `Order ${orderId}` })).toHaveCount(1);

    // Refunds by this admin today, in New York time: the refund is among them, and nothing else is.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    await panel.getByLabel('Action').selectOption({ label: 'Refund' });
    await panel.getByLabel('By (an admin’s e-mail)').fill(LOCAL_ADMIN);
    await panel.getByLabel('On (New York time)').fill(today);
    await panel.getByLabel('On (New York time)').press('Enter');
    await expect(panel.getByRole('article').filter({ hasText: `Order ${orderId}` })).toHaveCount(1);
    for (const heading of await panel.getByRole('article').getByRole('heading', { level: 3 }).allTextContents())
      expect(heading).toBe('Refund');
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    await keepScreenshot(page, `admin-audit-filtered-${width}`, { fullPage: true });
    await panel.getByRole('button', { name: 'Show all' }).press('Enter');
    await expect(search).toBeFocused();
    await expect(panel.getByLabel('Action')).toHaveValue('');
  });
}

test('a family cancelling by itself waits under Needs you, counted on the Orders tab, until marked seen from the keyboard', async ({
  page,
  request,
}) => {
  test.slow();
  const { token, orderId } = await buy(request);
  const projectId = `${orderId}-1`;
  const project = await (await request.get(`/api/projects/${projectId}`, { headers: bearer(token) })).json();
  const cancelled = await request.post(`/api/projects/${projectId}/cancel`, {
    headers: bearer(token),
    data: { version: project.version },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 900 });
  await openAdmin(page, request);
  await expect(page.getByRole('tab', { name: 'Orders', exact: true })).toHaveText(/^Orders \(\d+\)$/);
  await tabTo(page, 'Orders');
  const needsYou = page.getByRole('region', { name: /Needs you/ });
  const item = needsYou.getByRole('listitem').filter({ hasText: projectId });
  await expect(item).toContainText('A family cancelled');
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await keepScreenshot(page, 'admin-attention-390', { fullPage: true });

  await item.getByRole('button', { name: /Mark seen/ }).focus();
  await page.keyboard.press('Enter');
  await expect(needsYou.getByRole('listitem').filter({ hasText: projectId })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Needs you/ }).getByText(projectId)).toHaveCount(0);
});

test('an editor closing their account waits under Needs you, named, until marked seen from the keyboard', async ({
  page,
  request,
}) => {
  test.slow();
  const account = uniqueEmail('editor');
  const token = await idTokenOf(request, account);
  const created = await request.post('/api/database/editors', {
    data: { ...editorInput(), accountEmail: account },
    headers: bearer(await adminToken(request)),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { name } = (await created.json()) as { name: string };
  const closed = await request.post('/api/account/close', { headers: bearer(token), data: { endings: [] } });
  expect(closed.status(), await closed.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 900 });
  await openAdmin(page, request);
  await tabTo(page, 'Orders');
  const needsYou = page.getByRole('region', { name: /Needs you/ });
  const item = needsYou.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('An editor closed their account');
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await keepScreenshot(page, 'admin-attention-editor-390', { fullPage: true });

  await item.getByRole('button', { name: 'Mark seen (An editor closed their account)' }).focus();
  await page.keyboard.press('Enter');
  await expect(needsYou.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});
