/**
 * The admin's further lists: inquiries, orders, waitlist and outbox, with data
 * arranged through the site's own API the way visitors and customers make it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { InquiryItem, OutboxItem } from '../../src/lib/admin-lists.schema';
import { inquiryWorkMessages } from '../../src/lib/admin-lists';
import { searchMessages } from '../../src/features/admin/search';
import { contactServiceLabel, turnaroundLabelById } from '../../src/lib/contact';
import type { Page as ListPage } from '../../src/lib/paging';
import { site } from '../../src/lib/site';
import { expectNoAxeViolations } from '../helpers/axe';
import {
  ADMIN_TABS,
  adminToken,
  createEditor,
  deleteEditors,
  OPEN_TAB_PANEL,
  openAdmin,
  runScheduled,
  toasts,
} from '../helpers/e2e-admin';
import { idTokenOf, uniqueEmail } from '../helpers/e2e-auth';
import { openOrderThroughApi, payThroughApi } from '../helpers/e2e-checkout';
import { confirmLinkMailedTo } from '../helpers/e2e-newsletter';
import { listStored } from '../helpers/stored';
import { keepScreenshot } from '../helpers/screens';

/** `names` (article headings) appear in this order in `list`, whatever else it holds. */
async function expectOrder(list: Locator, names: string[]) {
  await expect(list.getByRole('heading', { name: names[0], exact: true })).toBeVisible();
  const headings = await list.getByRole('heading', { level: 3 }).allTextContents();
  const positions = names.map((name) => headings.indexOf(name));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();
const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** axe at a phone's and a desktop's width, on whatever the tab shows now. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  }
}

/**
 * A new customer buys through the API and pays on the test checkout, then opens a second order and
 * leaves it unpaid; answers both ids.
 */
async function placeOrders(request: APIRequestContext, parentEmail: string) {
  const customer = uniqueEmail('buyer');
  const token = await idTokenOf(request, customer);
  const paid = await openOrderThroughApi(request, token, {
    services: [{ id: 'supplement-small', quantity: 2 }],
    editorId: 'maya-chen',
    addOns: ['community', 'speed48hr'],
    parentEmail,
  });
  await payThroughApi(request, token, paid);
  const pending = await openOrderThroughApi(request, token, {
    services: [{ id: 'activity-list', quantity: 1 }],
    editorId: 'maya-chen',
    parentEmail,
  });
  return { orderId: paid.orderId, pendingId: pending.orderId, customer };
}

test.beforeEach(async ({ page, request }) => {
  await openAdmin(page, request);
});

test('the tabs, Today first, then Editors Management; on a 390 px phone one row that scrolls sideways, the open tab in view, every tab in reach of keys', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(ADMIN_TABS);
  const rows = new Set(
    await Promise.all((await tabs.all()).map(async (tab) => Math.round((await tab.boundingBox())!.y))),
  );
  expect(rows.size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const inView = async (name: string) => {
    const box = (await page.getByRole('tab', { name, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };

  await tabs.first().focus();
  for (const name of ADMIN_TABS.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name, exact: true })).toBeFocused();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await inView(name);
  }
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Today' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel')).toContainText('Privacy requests');

  // Opened from the URL, a tab at the far end is scrolled into view.
  await page.goto('/admin?tab=privacy');
  await inView('Privacy');
  await keepScreenshot(page, 'tabs-390');
});

test('Inquiries: a sent inquiry shows every field, newest first; marking it handled shows and stores it', async ({
  page,
  request,
}) => {
  test.slow(); // axe at two widths, twice, and data arranged through the API
  const parentName = `Parent ${Date.now()}`;
  const inquiry = {
    parentName,
    studentInfo: 'Jordan Lee, 12th Grade',
    intendedMajor: 'humanities',
    services: ['supplements', 'speed24'],
    preferredEditor: 'sofia-ramirez',
    turnaround: '24hr',
    email: uniqueEmail('parent'),
    phone: '(312) 555-0144',
    details: 'Two schools left.\nCan we start this week?',
  };
  const newer = { ...inquiry, parentName: `${parentName} (newer)`, preferredEditor: 'any' };
  expect((await request.post('/api/contact', { data: inquiry })).ok()).toBe(true);
  expect((await request.post('/api/contact', { data: newer })).ok()).toBe(true);

  await openTab(page, 'Inquiries');
  const card = article(page, parentName);
  await expectOrder(page.getByRole('list', { name: 'Inquiries' }), [newer.parentName, parentName]);
  await expect(article(page, newer.parentName)).toContainText('Any Available Editor');
  for (const text of [
    inquiry.studentInfo,
    'Humanities',
    inquiry.services.map(contactServiceLabel).join(', '),
    'Sofia Ramirez',
    turnaroundLabelById('24hr'),
    inquiry.email,
    '+13125550144', // stored in E.164
    'Two schools left.',
    'Can we start this week?',
    /Received \w{3} \d{1,2}, \d{4}/,
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await card.getByRole('button', { name: `Mark handled (inquiry from ${parentName})` }).click();
  await expect(toasts(page).getByRole('status')).toContainText('Inquiry marked handled');
  await expect(card.getByText(/^Handled · /)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Mark as open/ })).toBeFocused();
  const [stored] = (
    await listStored<{ parentName: string; handled?: boolean; handledAt?: string }>('inquiries')
  ).filter((i) => i.parentName === parentName);
  expect(stored).toMatchObject({ handled: true, handledAt: expect.stringMatching(/^\d{4}-/) });

  await page.getByRole('radio', { name: 'Open' }).check();
  await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await expect(article(page, parentName)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Handled' }).check();
  await expect(article(page, parentName)).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

/** An inquiry as the admin list answers it, for pages the test answers itself. */
const inquiry = (n: number): InquiryItem => ({
  id: `2025-03-01T09:${String(n).padStart(2, '0')}:00.000Z-0000000${n % 10}`,
  parentName: `Paged Parent ${n}`,
  studentInfo: 'A student',
  intendedMajor: 'stem',
  services: [],
  preferredEditor: 'any',
  turnaround: 'standard',
  email: `p${n}@example.com`,
  phone: '',
  details: '',
  receivedAt: '2025-03-01T09:00:00.000Z',
  handled: false,
  handledAt: null,
  preferredEditorName: null,
  owner: null,
  work: [],
});

test('Inquiries: the admin gives one to themself, replies by e-mail and keeps a note, by keyboard; both are kept with it', async ({
  page,
  request,
}) => {
  test.slow(); // axe at two widths, and data arranged through the API
  const parentName = `Replied ${Date.now()}`;
  const email = uniqueEmail('asking');
  const inquiry = {
    parentName,
    studentInfo: 'Avery Kim, 11th Grade',
    intendedMajor: 'stem',
    services: ['commonapp'],
    preferredEditor: 'any',
    turnaround: '48hr',
    email,
    phone: '',
    details: 'Do you edit engineering essays?',
  };
  expect((await request.post('/api/contact', { data: inquiry })).ok()).toBe(true);
  await page.goto('/admin?tab=inquiries');
  const card = article(page, parentName);
  await expect(card).toContainText('Looked after byNobody yet');

  await card.getByRole('button', { name: `Reply or add a note (inquiry from ${parentName})` }).focus();
  await page.keyboard.press('Enter');
  const text = card.getByLabel('Reply or note');
  await expect(text).toBeFocused();
  await card.getByLabel('Looked after by').selectOption('admin@example.test');
  await expect(toasts(page)).toContainText(inquiryWorkMessages.ownerSet('admin@example.test'));
  await expect(card).toContainText('Looked after byadmin@example.test');

  // Nothing written is said at the field, and nothing is sent.
  await text.focus();
  await page.keyboard.press('Enter');
  await card.getByRole('button', { name: 'Send reply' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('alert').filter({ hasText: inquiryWorkMessages.empty })).toBeVisible();
  await expect(text).toBeFocused();

  await page.keyboard.type('Yes: Priya studied mechanical engineering.');
  await card.getByRole('button', { name: 'Send reply' }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(inquiryWorkMessages.replySent(email));
  await expect(text).toHaveValue('');
  await page.keyboard.type('Sent Priya’s profile too.');
  await card.getByRole('button', { name: 'Save as a note' }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(inquiryWorkMessages.noteSaved);
  const done = card.getByRole('region', { name: `Notes and replies (inquiry from ${parentName})` });
  await expect(done.getByRole('listitem')).toHaveText([
    new RegExp(`^Reply e-mailed to ${email} by admin@example.test · .*Yes: Priya studied mechanical engineering\\.$`),
    /^Note by admin@example.test · .*Sent Priya’s profile too\.$/,
  ]);
  const mails = (await listStored<OutboxItem>('outbox')).filter((mail) => [mail.to].flat().includes(email));
  expect(mails.map((mail) => mail.subject)).toEqual([`Re: your inquiry to ${site.name}`]);
  await expectAccessibleAtBothWidths(page);
  await keepScreenshot(card, 'inquiry-work-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await keepScreenshot(card, 'inquiry-work-390');

  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: /^Reply or add a note/ })).toBeFocused();
  await page.reload();
  await expect(
    article(page, parentName)
      .getByRole('region', { name: /^Notes and replies/ })
      .getByRole('listitem'),
  ).toHaveCount(2);
});

test('Inquiries: a filter and Load more ask the server for the next page of that filter', async ({ page }) => {
  const asked: string[] = [];
  await page.route(/\/api\/admin\/inquiries\?/, (route) => {
    const url = new URL(route.request().url());
    asked.push(`${url.searchParams.get('status')} ${url.searchParams.get('cursor') ?? 'first'}`);
    const first: ListPage<InquiryItem> = { items: [inquiry(1), inquiry(2)], nextCursor: 'cursor-2', total: 3 };
    const second: ListPage<InquiryItem> = { items: [inquiry(3)], nextCursor: null, total: 3 };
    return route.fulfill({ json: url.searchParams.get('cursor') ? second : first });
  });
  await openTab(page, 'Inquiries');
  await page.getByRole('radio', { name: 'Open' }).check();
  await expect(page.getByText('Showing 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('list', { name: 'Inquiries' }).getByRole('article')).toHaveCount(3);
  expect(asked).toEqual(['all first', 'open first', 'open cursor-2']);
});

test('A list the server does not count says how many it shows, and counts them once the last page is in', async ({
  page,
}) => {
  await page.route(/\/api\/admin\/inquiries\?/, (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    const answer: ListPage<InquiryItem> = cursor
      ? { items: [inquiry(3)], nextCursor: null, total: null }
      : { items: [inquiry(1), inquiry(2)], nextCursor: 'cursor-2', total: null };
    return route.fulfill({ json: answer });
  });
  await openTab(page, 'Inquiries');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Showing the newest 2', { exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Inquiries');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(panel.getByText('Showing 3 of 3', { exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Inquiries (3)');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('Orders: a paid order shows status, customer, editor, amounts and payment reference; its details open', async ({
  page,
  request,
}) => {
  test.slow(); // axe at two widths, twice, and data arranged through the API
  const parentEmail = uniqueEmail('pat');
  const { orderId, pendingId, customer } = await placeOrders(request, parentEmail);

  await openTab(page, 'Orders');
  const card = article(page, orderId);
  await expectOrder(page.getByRole('list', { name: 'Orders' }), [pendingId, orderId]);
  await expect(article(page, pendingId).getByText('Awaiting payment', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  for (const text of [
    customer,
    'Maya Chen',
    '$450',
    /pi_test_local_[0-9a-f]+/,
    'Supplemental Essay Help (Small) × 2',
  ]) {
    await expect(card).toContainText(text);
  }
  // The add-ons bought are named on the card itself, beside the services.
  await expect(
    card.getByText(/^Placed .+ · Supplemental Essay Help \(Small\) × 2 \+ Paid Community Access, 48-Hour Response$/),
  ).toBeVisible();
  // On a phone an order is a compact card (two columns, the details behind 'View details'), not a screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'order-390');
  expect((await card.boundingBox())!.height).toBeLessThan(844 / 2);
  await page.setViewportSize({ width: 1280, height: 800 });

  const toggle = card.getByRole('button', { name: `View details of ${orderId}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(card.getByRole('button', { name: `Hide details of ${orderId}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  for (const text of [
    '$150 ($75 each)',
    'Paid Community Access',
    '$50',
    'Sam Rivera',
    '11th Grade',
    parentEmail,
    '12 Elm Road, Springfield, IL 62701, United States',
    'Test checkout',
    /cs_test_local_[0-9a-f]{32}/,
    /Terms agreed[A-Z][a-z]{2} \d{1,2}, \d{4}/,
  ]) {
    await expect(card).toContainText(text);
  }
  // The speed upgrade was paid once: one line says so, and nothing charges it again.
  const details = card.locator('section').filter({ has: page.getByRole('heading', { name: 'Services', exact: true }) });
  await expect(details).toContainText('48-Hour Response$250');
  const said = (await details.textContent()) ?? '';
  expect(said.match(/48-Hour Response/g)).toHaveLength(1);
  expect(said.match(/\$250/g)).toHaveLength(1);
  await expectAccessibleAtBothWidths(page);

  // The outbox holds the order's confirmation e-mails (no SMTP locally).
  await openTab(page, 'Outbox');
  const parentMail = article(page, `Your ${site.name} order ${orderId} is confirmed`);
  await expect(parentMail).toContainText(parentEmail);
  await expect(parentMail).toContainText('ResultKept here: no mail server is configured (local mode)');
  await expect(parentMail.getByRole('button', { name: /Send again/ })).toHaveCount(0);
  await expect(article(page, `New order ${orderId} for Maya Chen`)).toContainText(site.email);
  const body = parentMail.getByText(/Dear Pat Rivera/);
  await expect(body).toBeHidden();
  await parentMail.getByText('Show the message').click();
  await expect(body).toBeVisible();
  await expect(body).toContainText('Total paid: $450');
  await expect(parentMail).toContainText('KindOrders and refunds');

  // Filtered by keyboard: the family's address, then a kind none of their mails is.
  const outbox = page.locator(OPEN_TAB_PANEL);
  const to = outbox.getByLabel('To (an e-mail address)');
  await to.focus();
  await page.keyboard.type(parentEmail);
  await page.keyboard.press('Enter');
  await expect(article(page, `New order ${orderId} for Maya Chen`)).toHaveCount(0);
  await expect(parentMail).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'outbox-filtered-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await keepScreenshot(page, 'outbox-filtered-390');
  await outbox.getByLabel('Kind').selectOption({ label: 'Consults' });
  await outbox.getByRole('button', { name: 'Show', exact: true }).press('Enter');
  await expect(outbox.getByText('No e-mails match these filters.', { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await outbox.getByRole('button', { name: 'Show all' }).press('Enter');
  await expect(to).toBeFocused();
  await expect(to).toHaveValue('');
  await expect(article(page, `New order ${orderId} for Maya Chen`)).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('Orders: the filters ask the server for a state, an editor, the days paid on or what needs the owner; Clear filters shows every order again', async ({
  page,
  request,
}) => {
  test.slow(); // axe at two widths, and data arranged through the API
  const { orderId, pendingId } = await placeOrders(request, uniqueEmail('filter'));
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/admin/orders') asked.push(url.search);
  });
  await openTab(page, 'Orders');
  const panel = page.locator(OPEN_TAB_PANEL);
  const list = page.getByRole('list', { name: 'Orders' });
  await expect(article(page, orderId)).toBeVisible();

  // By keyboard: the state's select, then 'Awaiting payment'.
  const state = panel.getByLabel('State');
  await state.focus();
  await state.selectOption({ label: 'Awaiting payment' });
  await expect(article(page, pendingId)).toBeVisible();
  await expect(article(page, orderId)).toHaveCount(0);
  expect(asked.at(-1)).toContain('state=pending');

  await state.selectOption({ label: 'Paid' });
  await panel.getByLabel('Editor').selectOption({ label: 'Maya Chen' });
  await expect(article(page, orderId)).toBeVisible();
  await expect(article(page, pendingId)).toHaveCount(0);
  expect(asked.at(-1)).toMatch(/state=paid&editor=maya-chen|editor=maya-chen.*state=paid/);

  // The days it was paid on, in New York time: today holds the order just paid; backwards is said beside them.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  await panel.getByLabel('Paid from').fill('2099-01-02');
  await panel.getByLabel('Paid to').fill(today);
  await expect(panel.getByText('The first day must not be after the last.')).toBeVisible();
  await expect(panel.getByLabel('Paid from')).toHaveAttribute('aria-invalid', 'true');
  await panel.getByLabel('Paid from').fill(today);
  await expect(panel.getByText('The first day must not be after the last.')).toHaveCount(0);
  await expect(article(page, orderId)).toBeVisible();
  expect(asked.at(-1)).toContain(`from=${today}&to=${today}`);
  await keepScreenshot(page, 'orders-filtered-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await keepScreenshot(page, 'orders-filtered-390', { fullPage: true });
  await expectAccessibleAtBothWidths(page);

  await panel.getByLabel('Needs you (a refund failed)').check();
  await expect(panel.getByText('No orders match these filters.')).toBeVisible();
  expect(asked.at(-1)).toContain('needs=true');

  await panel.getByRole('button', { name: 'Clear filters' }).press('Enter');
  await expect(state).toBeFocused();
  await expect(article(page, pendingId)).toBeVisible();
  await expect(article(page, orderId)).toBeVisible();
  expect(asked.at(-1)).not.toMatch(/state=|editor=|needs=|from=/);
  await expect(list).toBeVisible();

  // The search inside the tab, by keyboard: one letter is too few, said at the field; an order's id finds it.
  const search = panel.getByRole('searchbox', { name: /^Search orders/ });
  await search.focus();
  await page.keyboard.type('B');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert').filter({ hasText: searchMessages.typeMore })).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await search.fill(pendingId);
  await page.keyboard.press('Enter');
  await expect(article(page, pendingId)).toBeVisible();
  await expect(article(page, orderId)).toHaveCount(0);
  expect(asked.at(-1)).toContain(`q=${pendingId}`);
  await panel.getByLabel('State').selectOption({ label: 'Paid' });
  await expect(panel.getByText('No orders match these filters.')).toBeVisible();
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await panel.getByRole('button', { name: 'Clear filters' }).press('Enter');
  await expect(search).toHaveValue('');
  await expect(article(page, orderId)).toBeVisible();
  expect(asked.at(-1)).not.toContain('q=');
});

test('Orders: a search of common words says that more may match, and how to narrow it', async ({ page }) => {
  // The server read what a search may read and answered that more may match (its own test counts the reads).
  await page.route(
    (url) => url.pathname === '/api/admin/orders' && url.searchParams.has('q'),
    (route) => route.fulfill({ json: { items: [], nextCursor: null, total: 0, more: true } }),
  );
  await openTab(page, 'Orders');
  const panel = page.locator(OPEN_TAB_PANEL);
  await expect(panel.getByRole('status').filter({ hasText: searchMessages.narrow })).toHaveCount(0);
  await panel.getByRole('searchbox', { name: /^Search orders/ }).fill('Smith');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status').filter({ hasText: searchMessages.narrow })).toBeVisible();
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(panel.getByRole('status').filter({ hasText: searchMessages.narrow })).toHaveCount(0);
});

test.describe('Waitlist', () => {
  let editorId: string | undefined;
  test.afterEach(async ({ request }) => {
    if (editorId) await deleteEditors(request, [editorId]);
  });

  test('the admin opens a full editor: the first in line are e-mailed a link that chooses the editor, and the tab shows who was told', async ({
    page,
    request,
  }) => {
    test.slow(); // axe at two widths
    const editor = await createEditor(request);
    editorId = editor.id;
    const admin = { Authorization: `Bearer ${await adminToken(request)}` };
    const { id: _id, ...input } = editor;
    expect(
      (
        await request.put(`/api/database/editors/${editor.id}`, { data: { ...input, slotsOpen: 0 }, headers: admin })
      ).status(),
    ).toBe(200);
    const emails = ['first', 'second', 'third', 'fourth'].map((who) => uniqueEmail(`wait-${who}`));
    for (const email of emails) {
      expect((await request.post('/api/waitlist', { data: { email, editorId: editor.id } })).status()).toBe(202);
      const token = (await confirmLinkMailedTo(email)).searchParams.get('token')!;
      expect((await request.post('/confirm', { form: { token } })).ok()).toBe(true);
    }

    // The admin raises the editor's slots from 0 to 1, by keyboard.
    await page.goto('/admin?tab=editors');
    await expect(page.getByRole('listitem', { name: editor.name, exact: true })).toContainText('4 waiting');
    await page.getByRole('button', { name: `Edit ${editor.name}` }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: `Edit ${editor.name}` });
    await form.getByLabel('Slots open').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await form.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();

    // The next timer run tells the first three who joined, once each.
    const told = async () =>
      (await listStored<{ to: string; subject: string; text: string }>('outbox')).filter(
        (mail) => mail.subject === `${editor.name} has an open slot`,
      );
    await runScheduled(request);
    await runScheduled(request);
    expect((await told()).map((mail) => mail.to).sort()).toEqual(emails.slice(0, 3).sort());
    const mail = (await told())[0];
    const link = /https?:\/\/\S+\/select-services\?editor=\S+/.exec(mail.text)![0];
    expect(new URL(link).search).toBe(`?editor=${editor.id}`);

    // The link chooses the editor on the order page.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('radio', { name: new RegExp(editor.name) })).toBeChecked();

    await page.goto('/admin');
    await openTab(page, 'Waitlist');
    await page.getByRole('combobox', { name: 'Editor', exact: true }).selectOption(editor.id);
    const entries = page.getByRole('list', { name: `Waiting for ${editor.name}` }).getByRole('listitem');
    await expect(entries).toHaveCount(4);
    // In the order they joined: the first three told, the fourth still waiting.
    for (const [i, email] of emails.entries()) {
      await expect(entries.nth(i)).toContainText(email);
      await expect(entries.nth(i)).toContainText(i < 3 ? /Told \w{3} \d{1,2}, \d{4}/ : 'Waiting');
    }
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `waitlist-${width}`, { fullPage: true });
    }
    await expectAccessibleAtBothWidths(page);

    // The export holds what the tab shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).focus();
    await page.keyboard.press('Enter');
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(5);
    expect(csv).toContain(`"${emails[3]}","Waiting"`);

    // Remove, confirmed, by keyboard: the entry leaves the list and the count.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Remove ${emails[3]} from the waitlist for ${editor.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(entries).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Waitlist (3)' })).toBeVisible();
    await expect(toasts(page).getByRole('status')).toHaveText(`${emails[3]} removed from the waitlist`);
    expect((await told()).length).toBe(3);
  });
});

test('Outbox: a mail the mail server refused for good says what it said, and is sent again by keyboard', async ({
  page,
}) => {
  // The local site has no mail server, so the answers are stubbed: sending again is the function tests' subject.
  const refused: OutboxItem = {
    id: '2026-12-04T10:00:00.000Z-0123abcd',
    kind: 'order',
    from: `${site.name} <${site.email}>`,
    to: ['pat@example.com'],
    replyTo: null,
    subject: 'Your order BCC-7KQ2MX is confirmed',
    text: 'Dear Pat Rivera,\n\nThank you.',
    queuedAt: '2026-12-04T10:00:00.000Z',
    result: 'failed',
    error: '550 Mailbox unavailable',
    sentAt: null,
    gaveUpAt: '2026-12-04T22:00:00.000Z',
    resendable: true,
  };
  const sent: OutboxItem = { ...refused, result: 'sent', sentAt: '2026-12-05T09:00:00.000Z', resendable: false };
  const posted: unknown[] = [];
  await page.route(/\/api\/admin\/outbox(\?|$)/, async (route) => {
    if (route.request().method() === 'POST') {
      posted.push(route.request().postDataJSON());
      return route.fulfill({ json: sent });
    }
    return route.fulfill({ json: { items: [refused], nextCursor: null, total: 1 } });
  });
  await openTab(page, 'Outbox');
  const mail = article(page, refused.subject);
  await expect(mail).toContainText(
    'ResultRefused by the mail server; no more attempts. The mail server said: 550 Mailbox unavailable',
  );
  const again = mail.getByRole('button', { name: `Send again (${refused.subject})` });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `outbox-refused-${width}`);
  }
  await expectAccessibleAtBothWidths(page);
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByRole('status')).toHaveText(`Sent again: ${refused.subject}`);
  expect(posted).toEqual([{ id: refused.id }]);
  await expect(mail).toContainText('ResultSent');
  await expect(again).toHaveCount(0);
  // The button is gone with the need for it: the keyboard goes on from the mail's heading, not the page's top.
  await expect(mail.getByRole('heading', { name: refused.subject })).toBeFocused();
  await expectAccessibleAtBothWidths(page);
});

test('the empty lists say so', async ({ page }) => {
  await page.route(/\/api\/admin\/(orders|waitlist|outbox|inquiries)\?/, (route) =>
    route.fulfill({ json: { items: [], nextCursor: null, total: 0 } }),
  );
  const expected = {
    Orders: 'No orders yet.',
    Waitlist: 'Nobody is on a waitlist.',
    Outbox: 'The outbox is empty.',
    Inquiries: 'No inquiries.',
  };
  for (const [tab, text] of Object.entries(expected)) {
    await openTab(page, tab);
    await expect(page.getByRole('tabpanel').getByText(text, { exact: true })).toBeVisible();
  }
});
