/**
 * An editor's whole way to being paid, with the money the server decides: a graduate applies and our
 * team accepts them (the form and the pipeline by keyboard: applications.spec.ts); the invitation link
 * makes their account; they connect a bank account (test mode's stand-in for Stripe); they finish two
 * projects, one partly refunded; their earnings show each amount and the day it clears; once it has
 * cleared our team pays a run by keyboard, through Stripe in test mode; the editor sees it paid and
 * downloads the statement. 1280 px, axe on each panel.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { graduationYears } from '#features/applications/application';
import { invitationMessages } from '#features/editors/invitation';
import { connectMessages } from '#features/payouts/connect';
import type { LedgerEntry } from '#features/payouts/earnings';
import { payoutMessages } from '#features/payouts/payouts';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { latestVerification, register, uniqueEmail } from '../helpers/e2e-auth';
import { buy, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { invitationLinks, openInvitation, welcome } from '../helpers/e2e-invitations';
import { keepScreenshot } from '../helpers/screens';
import { readStored, writeStored } from '../helpers/stored';

const EARNINGS = 'section[aria-labelledby="earnings-heading"]';
const SAMPLE = 'I rewrote my own college essay nine times, and every version taught me to cut. '.repeat(5);

/** The clearing days pass: every entry of the editor's ledger is payable from yesterday. */
async function cleared(editorId: string) {
  const folder = join(process.env.E2E_DATA_DIR!, 'entries', '0', 'site:ledger', 'entries', editorId);
  const yesterday = new Date(Date.now() - 24 * 3_600_000).toISOString();
  for (const id of await readdir(folder)) {
    const key = `entries/${editorId}/${id}`;
    const entry = (await readStored<LedgerEntry>('ledger', key))!;
    await writeStored('ledger', key, { ...entry, payableAt: yesterday });
  }
}

/** The editor this test shows on the site, with what it was saved with: hidden again after it. */
let shownEditor: { id: string; input: Record<string, unknown> } | null = null;
test.afterEach(async ({ request }) => {
  if (!shownEditor) return;
  const hidden = await request.put(`/api/database/editors/${shownEditor.id}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { ...shownEditor.input, hidden: true },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);
  shownEditor = null;
});

test('a graduate is accepted, connects a bank account, finishes two projects (one partly refunded), and is paid through Stripe in a run', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const request = page.request;
  const asAdmin = { Authorization: `Bearer ${await adminToken(request)}` };
  const name = `Noor Haddad ${Date.now()}`;
  const email = uniqueEmail('graduate');

  // Applies, and our team accepts: the editor is made, hidden, and invited.
  const applied = await request.post('/api/applications', {
    data: {
      name,
      email,
      college: 'Brown University',
      major: 'English',
      graduationYear: graduationYears()[1],
      scores: '',
      activities: 'Writing center tutor.',
      writingSample: SAMPLE,
      capacity: 2,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const applications = await (await request.get('/api/admin/applications?stage=new', { headers: asAdmin })).json();
  const { key } = (applications.items as { key: string; name: string }[]).find((a) => a.name === name)!;
  const accepted = await request.patch('/api/admin/applications', {
    headers: asAdmin,
    data: { key, stage: 'accepted' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The invitation link makes their account an editor's once verified.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openInvitation(page, (await invitationLinks(email))[0]);
  await register(page, email);
  await expect(welcome(page)).toContainText(invitationMessages.unverified);
  await page.goto((await latestVerification(request, email))!.oobLink);
  await expect(welcome(page)).toContainText(invitationMessages.accepted);

  // They connect a bank account, by keyboard, through the stand-in for Stripe's onboarding.
  await page.getByRole('button', { name: 'Show my earnings' }).click();
  const bank = page.getByRole('region', { name: connectMessages.heading });
  await bank.getByRole('button', { name: connectMessages.connect }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: connectMessages.testFinish }).focus();
  await page.keyboard.press('Enter');
  await expect(bank).toContainText(connectMessages.ready);

  // Our team shows them on the site; a family buys two small supplements from them.
  const editors = (await (await request.get('/api/admin/editors?counts=false', { headers: asAdmin })).json()) as {
    id: string;
    name: string;
    [field: string]: unknown;
  }[];
  const { id: editorId, ...editor } = editors.find((e) => e.name === name)!;
  const input = {
    ...Object.fromEntries(
      ['name', 'image', 'college', 'major', 'sat', 'gpa', 'ecs', 'strengths', 'totalSlots', 'featured'].map((f) => [
        f,
        editor[f],
      ]),
    ),
    slotsOpen: 2,
  };
  // Shown only while the test needs it: the public pages tested beside it see the demo editors only.
  shownEditor = { id: editorId, input };
  const shown = await request.put(`/api/database/editors/${editorId}`, {
    headers: asAdmin,
    data: { ...input, hidden: false },
  });
  expect(shown.status(), await shown.text()).toBe(200);
  const family = await tokenFor(request, uniqueEmail());
  const editorToken = await tokenFor(request, email);
  const [first, second] = await buy(request, family, [{ id: 'supplement-small', quantity: 2 }], editorId);
  for (const id of [first, second]) {
    const submitted = await step(request, family, id, 'submit', {
      prompt: 'Why this college?',
      draft: { kind: 'text', text: 'My first draft.' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await returnFeedback(request, editorToken, id);
    expect((await step(request, family, id, 'finalize')).status).toBe(200);
  }
  // Half of the second's $75.00 refunded, for that finished project: a share of it comes back.
  const orderId = first.replace(/-\d+$/, '');
  const refunded = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: asAdmin,
    data: {
      requestId: crypto.randomUUID(),
      amountCents: 3750,
      reason: 'The feedback came a day late.',
      projectIds: [],
      forProjectIds: [second],
    },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);

  // Their earnings: each project's $52.50, the refund's $26.25 back, pending until the day it clears.
  await page.goto('/editor');
  await page.getByRole('button', { name: 'Show my earnings' }).click();
  const panel = page.locator(EARNINGS);
  for (const id of [first, second]) {
    const earned = panel.getByRole('row').filter({ hasText: id }).filter({ hasText: 'Earned' });
    await expect(earned).toContainText('$52.50');
    await expect(earned).toContainText(/Clears \w{3} \d{1,2}, \d{4}/);
  }
  await expect(panel.getByRole('row').filter({ hasText: 'Refunded to the family' })).toContainText('$26.25');
  await expect(panel.getByRole('definition').first()).toHaveText('$78.75');
  await expectNoAxeViolations(page, EARNINGS);
  await keepScreenshot(panel, 'editor-money-pending-1280');

  // The clearing days pass; our team records a run by keyboard, which pays them through Stripe.
  await cleared(editorId);
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(admin);
  await admin.getByRole('tab', { name: 'Payouts' }).click();
  const payouts = admin.locator(OPEN_TAB_PANEL);
  await expect(payouts.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText('$78.75');
  await payouts.getByLabel('Reference').fill('Run 1');
  await admin.keyboard.press('Enter');
  await payouts.getByRole('button', { name: 'Record payout run' }).focus();
  await admin.keyboard.press('Enter');
  await expect(toasts(admin)).toContainText('Payout run recorded');
  await expect(payouts.getByRole('listitem').first()).toContainText(`${name} $78.75 (through Stripe)`);
  await expectNoAxeViolations(admin, OPEN_TAB_PANEL);
  await keepScreenshot(payouts.getByRole('listitem').first(), 'editor-money-run-1280');
  await admin.close();

  // The editor sees it paid, and downloads the statement.
  await page.goto('/editor');
  await page.getByRole('button', { name: 'Show my earnings' }).click();
  const payout = panel.getByRole('row').filter({ hasText: payoutMessages.throughStripe });
  await expect(payout).toContainText('$78.75');
  await expect(payout).toContainText(/Paid \w{3} \d{1,2}, \d{4}/);
  await expect(panel.getByRole('row').filter({ hasText: first })).toContainText(/Cleared \w{3} \d{1,2}, \d{4}/);
  await expect(panel.getByRole('definition').nth(1)).toHaveText('$0.00');
  await expect(panel.getByRole('definition').nth(2)).toHaveText('$78.75');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download statement (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe(`earnings-${editorId}.csv`);
  await expectNoAxeViolations(page, EARNINGS);
  await keepScreenshot(panel, 'editor-money-paid-1280');
});
