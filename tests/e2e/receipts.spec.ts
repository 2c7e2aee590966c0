/**
 * Receipts: the family saves the PDF of their payment and of a refund from the order's page, the
 * admin from the order's details in the Orders tab, by keyboard, at a phone's width and a desktop's;
 * a receipt that cannot be made is said, and the page stays as it was.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin } from '../helpers/e2e-admin';
import { idTokenOf, sessionState, uniqueEmail } from '../helpers/e2e-auth';
import { openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { pdfText } from '../helpers/pdf';
import { keepScreenshot } from '../helpers/screens';

/** The text of a saved receipt, as a PDF reader reads it. */
const textOf = async (download: Download) => (await pdfText(await readFile((await download.path())!))).flat();

/** Presses the receipt's button from the keyboard and answers the file the browser saved. */
async function save(page: Page, button: Locator) {
  await button.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  return download;
}

test('the family saves the receipts of their payment and of a refund; the admin saves them from the order', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 2); // a purchase, a refund, two pages at two widths
  const email = uniqueEmail('family');
  const token = await idTokenOf(request, email);
  const session = await openOrderThroughApi(request, token, {
    services: [{ id: 'supplement-small', quantity: 1 }],
    editorId: 'lucas-moreau',
    addOns: [],
  });
  await payThroughApi(request, token, session);
  const { orderId } = session;
  const refunded = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { requestId: crypto.randomUUID(), amountCents: 2500, reason: 'Goodwill for a slow reply', projectIds: [] },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 900 },
    storageState: await sessionState(request, email),
  });
  const family = await context.newPage();
  await family.goto(`/order-confirmation?order=${orderId}`);
  const receipts = family.getByRole('list', { name: `Receipts of order ${orderId}` });
  const buttons = receipts.getByRole('button');
  await expect(buttons).toHaveText([/^Payment receipt, .+ \(PDF\)$/, /^Refund receipt, .+ \(PDF\)$/]);
  for (const width of [390, 1280]) {
    await family.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(family);
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await receipts.scrollIntoViewIfNeeded();
    await keepScreenshot(family, `receipts-family-${width}`);
  }

  const payment = await save(family, buttons.first());
  expect(payment.suggestedFilename()).toBe(`${orderId}-P.pdf`);
  const paymentText = await textOf(payment);
  expect(paymentText).toEqual(
    expect.arrayContaining(['Payment receipt', `Receipt no. ${orderId}-P`, `Order: ${orderId}`, 'Total paid $75']),
  );
  await expect(family.getByRole('status').filter({ hasText: `Saved ${orderId}-P.pdf.` })).toBeVisible();
  const refund = await save(family, buttons.nth(1));
  expect(refund.suggestedFilename()).toBe(`${orderId}-R1.pdf`);
  expect(await textOf(refund)).toEqual(
    expect.arrayContaining(['Refund $25.00', 'Goodwill for a slow reply', 'Still paid after this refund $50.00']),
  );

  // A receipt that cannot be made just now is said in words; the buttons stay for a retry.
  await family.route(`**/api/orders/${orderId}/receipts/payment`, (route) =>
    route.fulfill({ status: 503, json: { error: 'The receipt could not be made just now; try again in a minute' } }),
  );
  await buttons.first().focus();
  await family.keyboard.press('Enter');
  await expect(family.getByRole('main').getByRole('alert')).toHaveText(
    'We could not download the receipt: The receipt could not be made just now; try again in a minute',
  );
  await expect(buttons).toHaveCount(2);
  await context.close();

  // The admin finds the same receipts in the order's details.
  await openAdmin(page, request, '/admin?tab=orders');
  const card = page.getByRole('article', { name: orderId, exact: true });
  await card.getByRole('button', { name: `View details of ${orderId}` }).click();
  const adminButtons = card.getByRole('list', { name: `Receipts of order ${orderId}` }).getByRole('button');
  await expect(adminButtons).toHaveCount(2);
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await adminButtons.nth(1).scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'receipts-admin-1280');
  const fromAdmin = await save(page, adminButtons.nth(1));
  expect(fromAdmin.suggestedFilename()).toBe(`${orderId}-R1.pdf`);
  expect(await textOf(fromAdmin)).toEqual(expect.arrayContaining([`Receipt no. ${orderId}-R1`, 'Refund $25.00']));
});
