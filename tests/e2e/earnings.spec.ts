/**
 * The editor's earnings on /editor: closed until asked for (its code loads then), then the project the
 * family just made final with what it earned and the day it clears, by keyboard, at a phone's and a
 * desktop's width. The admin's Payouts tab records a run. The amounts are the function tests'; here
 * the pages show what the server answers.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, toasts, withOpenSlot } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';
import { DEFAULT_RATES, type Rates } from '#features/payouts/earnings';

test('a project made final shows on the editor’s earnings, pending until it clears, the statement downloads, and a refund for it takes back its share', async ({
  page,
  request,
  browser,
}) => {
  const family = await tokenFor(request, uniqueEmail());
  const maya = await tokenFor(request, MAYA.email);
  // Bought from Maya with a slot open: the price has no full-editor surcharge, so one line of earnings.
  await withOpenSlot(request, MAYA.id);
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

  // Our team refunds half its price, naming the finished project in the order's refund form, by keyboard.
  const orderId = id.replace(/-\d+$/, '');
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(admin);
  await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
  const card = admin.getByRole('article', { name: orderId, exact: true });
  await card.getByRole('button', { name: `Refund order ${orderId}`, exact: true }).click();
  const form = card.getByRole('form', { name: `Refund order ${orderId}` });
  await form.getByLabel('Amount to refund (USD)').fill('37.50');
  await form.getByLabel('Reason').fill('The feedback came a day late.');
  const finished = form
    .getByRole('group', { name: 'Finished projects it refunds (optional)' })
    .getByRole('checkbox', { name: 'Supplemental Essay Help (Small) (Final)' });
  await expect(finished).toHaveAccessibleDescription(`${id} · price $75.00`);
  await finished.focus();
  await admin.keyboard.press('Space');
  await expect(finished).toBeChecked();
  await expectNoAxeViolations(admin, OPEN_TAB_PANEL);
  await keepScreenshot(form, 'refund-finished-project-1280');
  await form.getByRole('button', { name: 'Refund $37.50' }).focus();
  await admin.keyboard.press('Enter');
  await expect(card.getByText(`For finished projects: ${id}`)).toBeVisible();
  await admin.close();

  // Half of what it earned comes back off Maya's pending earnings, on the day it would have cleared.
  await page.reload();
  await page.getByRole('button', { name: 'Show my earnings' }).click();
  const reversal = page.getByRole('row').filter({ hasText: 'Refunded to the family' });
  await expect(reversal).toContainText(id);
  await expect(reversal).toContainText('$26.25');
});

test('the admin records a payout run by keyboard: confirmed, then paid, at 1280 and 390 px', async ({ page }) => {
  const payable = { pendingCents: 7000, payableCents: 5250, paidCents: 0 };
  const before = {
    asOf: '2026-11-29T12:00:00.000Z',
    rates: DEFAULT_RATES,
    ratesSetAt: null,
    // Maya has a bank account connected: the run pays her through Stripe.
    editors: [{ editorId: MAYA.id, name: MAYA.name, balances: payable, throughStripe: true }],
    runs: [],
  };
  const after = {
    ...before,
    editors: [
      {
        editorId: MAYA.id,
        name: MAYA.name,
        balances: { ...payable, payableCents: 0, paidCents: 5250 },
        throughStripe: true,
      },
    ],
    runs: [
      {
        id: 'r1',
        at: before.asOf,
        reference: 'Batch 42',
        by: 'admin@example.test',
        payouts: [{ editorId: MAYA.id, name: MAYA.name, cents: 5250, via: 'stripe' }],
      },
    ],
  };
  // The balances as a cleared earning leaves them (the money itself is the function tests'): what the tab does with them.
  const posted: unknown[] = [];
  const put: Rates[] = [];
  await page.route('**/api/admin/payouts', async (route) => {
    const method = route.request().method();
    if (method === 'GET') return route.fulfill({ json: before });
    if (method === 'PUT') {
      put.push(route.request().postDataJSON());
      return route.fulfill({ json: { ...after, rates: put.at(-1), ratesSetAt: before.asOf } });
    }
    posted.push(route.request().postDataJSON());
    return route.fulfill({ json: after });
  });
  // The year's payments for the 1099s, as the server would answer them.
  const year = new Date(before.asOf).getUTCFullYear();
  await page.route(`**/api/admin/payouts?taxYear=${year}`, (route) =>
    route.fulfill({
      json: {
        year,
        thresholdCents: 200_000,
        editors: [
          { editorId: MAYA.id, name: MAYA.name, email: MAYA.email, paidCents: 211_000, reportable: true },
          {
            editorId: 'sofia-ramirez',
            name: 'Sofia Ramirez',
            email: 'sofia@example.test',
            paidCents: 5_250,
            reportable: false,
          },
        ],
      },
    }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Payouts' }).click();
  const panel = page.locator(OPEN_TAB_PANEL);
  // Her balances' row: pending, then payable (the 1099 list names her too).
  await expect(panel.getByRole('row', { name: /^Maya Chen \$70\.00/ })).toContainText('$52.50');
  await expect(panel).toContainText('Payable now: $52.50 to 1 editor.');
  await expect(panel).toContainText('Paid through Stripe when you record the run: Maya Chen $52.50.');

  // Without a reference, the form says what is missing and records nothing.
  await panel.getByRole('button', { name: 'Record payout run' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Enter the reference of the transfer or batch you paid with.');
  await panel.getByLabel('Reference').fill('Batch 42');
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Record that you paid $52.50 to 1 editor?')).toBeVisible();
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await keepScreenshot(panel, 'payouts-1280');
  await panel.getByRole('button', { name: 'Record payout run' }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('Payout run recorded: $52.50 to 1 editor.');
  expect(posted).toEqual([{ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), reference: 'Batch 42', byHand: [] }]);
  await expect(panel).toContainText('Nothing is payable now.');
  await expect(panel.getByRole('listitem')).toContainText('Batch 42');
  await expect(panel.getByRole('listitem')).toContainText('Maya Chen $52.50 (through Stripe)');

  // The rates, in one place: a service's share changed, sent whole, saved.
  await panel.getByLabel('Common App Essay Editing: percent').fill('65');
  await panel.getByRole('button', { name: 'Save rates' }).click();
  await expect(toasts(page)).toContainText('Rates saved: they apply to the projects that end from now on.');
  expect(put).toEqual([
    {
      ...DEFAULT_RATES,
      services: { ...DEFAULT_RATES.services, 'common-app-essay': { kind: 'share', basisPoints: 6500 } },
    },
  ]);

  const tax = panel.getByRole('region', { name: 'Payments for 1099-NEC forms' });
  await expect(tax).toContainText(`A 1099-NEC is due for each editor paid $2,000.00 or more in ${year}: 1 of 2`);
  await expect(tax.getByRole('row', { name: /Maya Chen/ })).toHaveText(/Maya Chen\s*\$2,110\.00\s*Due/);
  await expect(tax.getByRole('row', { name: /Sofia Ramirez/ })).toHaveText(/Sofia Ramirez\s*\$52\.50\s*Not due/);
  await expect(tax.getByRole('button', { name: `Download the ${year} list (CSV)` })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, OPEN_TAB_PANEL);
  await keepScreenshot(panel, 'payouts-390');
});
