/**
 * The admin's refunds: a paid order's amounts and refunds in the Orders tab,
 * the inline Refund form (amount to the cent, a reason, projects to cancel), refusals at the field,
 * a retry that can never refund twice, and what the family sees afterwards. Orders are bought and
 * paid through the site's own API, the way the checkout makes them.
 */
import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { leftOpenMessages } from '#features/orders/islands/admin/refund-form';
import type { ProjectView } from '../../src/features/projects/project';
import type { Order } from '../../src/features/orders/order';
import { remainingCents } from '../../src/lib/refunds';
import type { RefundInput } from '../../src/islands/shared/admin/admin-api';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { idTokenOf, sessionState, uniqueEmail } from '../helpers/e2e-auth';
import { openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { readStored, writeStored } from '../helpers/stored';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const REFUNDS_API = /\/api\/admin\/orders\/[^/]+\/refunds$/;

/** A new family buys `services` from Lucas Moreau (slots open: usual prices) and pays; answers their e-mail, token and the order id. */
async function buy(request: APIRequestContext, services: { id: string; quantity: number }[], addOns: string[] = []) {
  const email = uniqueEmail('family');
  const token = await idTokenOf(request, email);
  const session = await openOrderThroughApi(request, token, { services, editorId: 'lucas-moreau', addOns });
  await payThroughApi(request, token, session);
  return { email, token, orderId: session.orderId };
}

async function getProject(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/projects/${id}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as ProjectView;
}

const storedOrder = async (id: string) => (await readStored<Order>('orders', id))!;

const openOrdersTab = (page: Page) => page.getByRole('tab', { name: 'Orders', exact: true }).click();
const orderCard = (page: Page, id: string) => page.getByRole('article', { name: id, exact: true });
const refundForm = (card: Locator, id: string) => card.getByRole('form', { name: `Refund order ${id}` });
const refundButton = (card: Locator, id: string) =>
  card.getByRole('button', { name: `Refund order ${id}`, exact: true });
/** Total paid, refunded and remaining, as the card shows them. */
const payment = (card: Locator, id: string) =>
  card.getByRole('group', { name: `Payment of ${id}` }).getByRole('definition');
/** One toast, among any others still shown. */
const toast = (page: Page, role: 'status' | 'alert', text: string) =>
  toasts(page).getByRole(role).getByText(text, { exact: true });
const refundItems = (card: Locator, id: string) =>
  card.getByRole('list', { name: `Refunds of ${id}` }).getByRole('listitem');

/** axe at a phone's and a desktop's width; nothing runs off the side of the phone. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/** The body the browser posted to the refunds endpoint. */
const refundBody = (req: Request) => req.postDataJSON() as RefundInput & { requestId: string };

test('the admin refunds $40.00 cancelling one project, is refused above what remains at the field, then refunds the rest; the family sees it all', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 3); // a purchase, axe at two widths three times, four refunds and the family's dashboard
  // Two supplements and the community add-on: $100 + $75 + $50.
  const family = await buy(
    request,
    [
      { id: 'supplement-large', quantity: 1 },
      { id: 'supplement-small', quantity: 1 },
    ],
    ['community'],
  );
  const { orderId } = family;
  const [large, small] = [`${orderId}-1`, `${orderId}-2`];

  await openAdmin(page, request);
  await openOrdersTab(page);
  const card = orderCard(page, orderId);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payment(card, orderId)).toHaveText(['$225.00', '$0.00', '$225.00']);
  await expect(card.getByRole('list', { name: `Refunds of ${orderId}` })).toHaveCount(0);

  // The form opens in place, at the amount.
  await refundButton(card, orderId).click();
  await expect(refundButton(card, orderId)).toHaveAttribute('aria-expanded', 'true');
  const form = refundForm(card, orderId);
  const amount = form.getByLabel('Amount to refund (USD)');
  const reason = form.getByLabel('Reason');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription('Dollars and cents, up to $225.00.');
  await expect(form).toContainText(
    'Add-ons are refunded only here: include them in the amount (Paid Community Access $50.00).',
  );
  const largeBox = form.getByRole('checkbox', { name: 'Supplemental Essay Help (Large) (Waiting for the draft)' });
  const smallBox = form.getByRole('checkbox', { name: 'Supplemental Essay Help (Small) (Waiting for the draft)' });
  await expect(largeBox).toHaveAccessibleDescription(`${large} · price $100.00`);
  await expect(smallBox).toHaveAccessibleDescription(`${small} · price $75.00`);
  await expect(largeBox).toBeEnabled();
  await expectAccessibleAtBothWidths(page);

  // Checked in the browser, at the field, before anything is sent; what was typed stays.
  const submit = form.getByRole('button', { name: /^Refund/ });
  for (const [typed, message] of [
    ['40.001', 'Enter at most 2 decimal places (whole cents).'],
    ['0', 'Enter an amount above $0.00.'],
    ['-40', 'Enter a positive amount.'],
    ['forty', 'Enter an amount in dollars and cents, e.g. 75.00.'],
    ['225.01', 'At most $225.00 remains to refund.'],
  ]) {
    await amount.fill(typed);
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(`Dollars and cents, up to $225.00. ${message}`);
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue(typed);
  }
  // Corrected, the amount's old error goes at once; nothing in the empty field looks like a value.
  await amount.fill('40');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await expect(amount).toHaveAccessibleDescription('Dollars and cents, up to $225.00.');
  await expect(amount).not.toHaveAttribute('placeholder');
  await expect(submit).toHaveText('Refund $40.00');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Enter the reason for the refund.');
  await expect(reason).toBeFocused();
  await expectAccessibleAtBothWidths(page); // with a problem shown

  // By keyboard: the reason, the large supplement's box with Space, then the button with Enter.
  const asked: Request[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REFUNDS_API, async (route) => {
    asked.push(route.request());
    await held;
    await route.continue();
  });
  await reason.pressSequentially('Editor unavailable for the large essay');
  await page.keyboard.press('Tab');
  await expect(largeBox).toBeFocused();
  await page.keyboard.press('Space');
  await expect(largeBox).toBeChecked();
  await expect(form).toContainText('The chosen projects cost $100.00.');
  await page.keyboard.press('Tab');
  await expect(smallBox).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(submit).toHaveText('Refunding...');
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await expect(submit).toBeFocused();
  release();
  await expect(toast(page, 'status', `Refunded $40.00 of order ${orderId}`)).toBeVisible();
  await page.unroute(REFUNDS_API);
  expect(asked.map(refundBody)).toEqual([
    {
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amountCents: 4000,
      reason: 'Editor unavailable for the large essay',
      projectIds: [large],
      forProjectIds: [],
    },
  ]);
  const firstRequestId = refundBody(asked[0]).requestId;

  await expect(form).toHaveCount(0);
  await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(card.getByText('Partially refunded', { exact: true })).toBeVisible();
  await expect(payment(card, orderId)).toHaveText(['$225.00', '$40.00', '$185.00']);
  await expect(refundItems(card, orderId)).toHaveCount(1);
  const first = refundItems(card, orderId).first();
  for (const text of [
    '$40.00',
    'Refunded',
    'by admin@example.test',
    'Reason: Editor unavailable for the large essay',
    `Cancelled: ${large}`,
  ]) {
    await expect(first).toContainText(text);
  }
  await expect(first.getByRole('time')).toHaveText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

  // The cancelled project is listed, not offered; more than remains is refused at the field.
  await refundButton(card, orderId).click();
  const cancelledBox = form.getByRole('checkbox', { name: 'Supplemental Essay Help (Large) (Cancelled)' });
  await expect(cancelledBox).toBeDisabled();
  await expect(cancelledBox).toHaveAccessibleDescription(`${large} · price $100.00 · Already cancelled.`);
  await expect(smallBox).toBeEnabled();
  await amount.fill('185.01');
  await reason.fill('The rest');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('At most $185.00 remains to refund.');
  await expect(amount).toBeFocused();

  // All that remains would leave the small supplement running with nothing to refund: the form asks first.
  await amount.fill('185.00');
  const leftOpen = form.getByRole('group', { name: leftOpenMessages.heading(1) });
  await expect(leftOpen).toContainText('Supplemental Essay Help (Small) (Waiting for the draft)');
  await expect(leftOpen).toHaveAccessibleDescription(leftOpenMessages.consequence);
  await expectAccessibleAtBothWidths(page);
  await submit.click();
  await expect(leftOpen.getByRole('alert')).toHaveText(leftOpenMessages.choose);
  const cancelToo = leftOpen.getByRole('button', { name: leftOpenMessages.cancelThem(1) });
  await expect(cancelToo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(smallBox).toBeChecked();
  await expect(smallBox).toBeFocused();
  await expect(leftOpen).toHaveCount(0);

  // Meanwhile another refund of $10.00 is made (another admin): the server refuses at the field, the card catches up, nothing typed is lost.
  const other = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: bearer(await adminToken(request)),
    data: { requestId: crypto.randomUUID(), amountCents: 1000, reason: 'Goodwill for the delay', projectIds: [] },
  });
  expect(other.status()).toBe(200);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('At most $175.00 remains to refund.');
  await expect(
    toast(page, 'alert', `Failed to refund order ${orderId}: At most $175.00 remains to refund.`),
  ).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveValue('185.00');
  await expect(reason).toHaveValue('The rest');
  await expect(smallBox).toBeChecked();
  await expect(payment(card, orderId)).toHaveText(['$225.00', '$50.00', '$175.00']);
  await expect(refundItems(card, orderId)).toHaveCount(2);

  // The rest, with the small supplement cancelled too.
  await amount.fill('175');
  await submit.click();
  await expect(toast(page, 'status', `Refunded $175.00 of order ${orderId}`)).toBeVisible();
  await expect(card.locator('h3 + span')).toHaveText('Refunded');
  await expect(payment(card, orderId)).toHaveText(['$225.00', '$225.00', '$0.00']);
  await expect(refundButton(card, orderId)).toHaveCount(0);
  await expect(refundItems(card, orderId)).toHaveCount(3);
  await expect(refundItems(card, orderId).last()).toContainText(`Cancelled: ${small}`);
  await expectAccessibleAtBothWidths(page);

  // What the server stored: three refunds, exact, each made once; both projects cancelled.
  const stored = await storedOrder(orderId);
  expect(stored.refunds?.map((r) => [r.amountCents, r.state, r.by, r.projectIds])).toEqual([
    [4000, 'succeeded', 'admin', [large]],
    [1000, 'succeeded', 'admin', []],
    [17500, 'succeeded', 'admin', [small]],
  ]);
  expect(stored.refunds?.[0].id).toBe(`admin-${firstRequestId}`);
  expect(stored.refunds?.[2].id).not.toBe(`admin-${firstRequestId}`);
  expect(remainingCents(stored)).toBe(0);
  expect((await getProject(request, family.token, large)).state).toBe('cancelled');
  expect((await getProject(request, family.token, small)).state).toBe('cancelled');

  // The family's dashboard lists the refunds and what is still paid.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 900 },
    storageState: await sessionState(request, family.email),
  });
  const familyPage = await context.newPage();
  await familyPage.goto('/dashboard');
  const orders = familyPage.getByRole('region', { name: 'Your Orders' });
  const item = orders.getByRole('listitem').filter({ hasText: orderId });
  await expect(item).toContainText('Refunded');
  await expect(item).toContainText('Editor unavailable for the large essay');
  await expect(item).toContainText('$40.00 · Refunded');
  await expect(item).toContainText('$175.00 · Refunded');
  await expect(item).toContainText('Still paid: $0.00');
  await context.close();
});

test('a refund whose answer was lost is retried with the same request id and made once; a customer’s cancellation and a failed refund read plainly', async ({
  page,
  request,
}) => {
  test.setTimeout(test.info().timeout * 2);
  // Two small supplements, $150; the family cancels the second one themselves (a full refund within 48 hours).
  const family = await buy(request, [{ id: 'supplement-small', quantity: 2 }]);
  const { orderId } = family;
  const second = await getProject(request, family.token, `${orderId}-2`);
  expect(
    (
      await request.post(`/api/projects/${second.id}/cancel`, {
        headers: bearer(family.token),
        data: { version: second.version },
      })
    ).status(),
  ).toBe(200);

  await openAdmin(page, request);
  await page.goto('/admin?tab=orders');
  const card = orderCard(page, orderId);
  await expect(card.getByText('Partially refunded', { exact: true })).toBeVisible();
  await expect(payment(card, orderId)).toHaveText(['$150.00', '$75.00', '$75.00']);
  await expect(refundItems(card, orderId).first()).toContainText(`by the customer (${family.email})`);
  await expect(refundItems(card, orderId).first()).toContainText(`Cancelled: ${second.id}`);

  // The first answer is lost on the way back (the refund was made), and so is the look at the order after it.
  const posted: Request[] = [];
  let loseAnswers = true;
  await page.route(REFUNDS_API, async (route) => {
    posted.push(route.request());
    if (!loseAnswers) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.route(`**/api/orders/${orderId}`, (route) =>
    loseAnswers ? route.abort('connectionreset') : route.continue(),
  );

  await refundButton(card, orderId).click();
  const form = refundForm(card, orderId);
  await expect(
    form.getByRole('checkbox', { name: 'Supplemental Essay Help (Small), unit 2 of 2 (Cancelled)' }),
  ).toBeDisabled();
  await form.getByLabel('Amount to refund (USD)').fill('20.50');
  await form.getByLabel('Reason').fill('Late feedback');
  const submit = form.getByRole('button', { name: /^Refund/ });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(
    /^No answer from the server: the refund may or may not have been made\. Submit again to retry: it is sent as the same refund, so it can never be made twice\.$/,
  );
  await expect(toast(page, 'alert', `No answer about the refund of order ${orderId}`)).toBeVisible();
  await expect(form.getByLabel('Amount to refund (USD)')).toHaveValue('20.50');
  // The server did make it.
  const firstId = refundBody(posted[0]).requestId;
  expect(
    (await storedOrder(orderId)).refunds?.filter((r) => r.id === `admin-${firstId}`).map((r) => r.amountCents),
  ).toEqual([2050]);
  await expect(submit).toHaveText('Refund $20.50');

  // Submit again with the line back: the same request id, so the server answers the refund it made.
  loseAnswers = false;
  await submit.click();
  await expect(toast(page, 'status', `Refunded $20.50 of order ${orderId}`)).toBeVisible();
  await expect(payment(card, orderId)).toHaveText(['$150.00', '$95.50', '$54.50']);
  expect(posted.map((req) => refundBody(req).requestId)).toEqual([firstId, firstId]);
  const afterRetry = await storedOrder(orderId);
  expect(afterRetry.refunds?.filter((r) => r.by === 'admin').map((r) => [r.id, r.amountCents])).toEqual([
    [`admin-${firstId}`, 2050],
  ]);
  // The form gave way: the order's heading holds the focus (moved on the next frame, which scrolls it
  // into view; clicking before that could land where the button was).
  await expect(card.getByRole('heading', { name: orderId, exact: true })).toBeFocused();

  // Escape closes the form and gives the focus back to its button; nothing is sent.
  await refundButton(card, orderId).click();
  await expect(form.getByLabel('Amount to refund (USD)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(refundButton(card, orderId)).toBeFocused();
  expect(posted).toHaveLength(2);

  // A new refund after that one went through is a new request.
  await page.keyboard.press('Enter');
  await form.getByLabel('Amount to refund (USD)').fill('4.50');
  await form.getByLabel('Reason').fill('Rounding goodwill');
  await form.getByRole('button', { name: 'Refund $4.50' }).click();
  await expect(toast(page, 'status', `Refunded $4.50 of order ${orderId}`)).toBeVisible();
  expect(posted).toHaveLength(3);
  expect(refundBody(posted[2]).requestId).not.toBe(firstId);

  // The provider reports the $4.50 refund failed later: marked, and no longer counted.
  const failing = await storedOrder(orderId);
  await writeStored('orders', orderId, {
    ...failing,
    refunds: failing.refunds!.map((r) =>
      r.amountCents === 450 ? { ...r, state: 'failed', failure: 'expired_or_canceled_card' } : r,
    ),
  });
  await page.reload();
  const failed = refundItems(card, orderId).last();
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('(not counted as refunded)');
  await expect(failed).toContainText('Failed: expired_or_canceled_card');
  await expect(failed.locator('s')).toHaveText('$4.50');
  await expect(payment(card, orderId)).toHaveText(['$150.00', '$95.50', '$54.50']);
  await expectAccessibleAtBothWidths(page);
});
