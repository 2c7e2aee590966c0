/**
 * A family's whole way with the promise when feedback disappoints, in the browser at a phone's width:
 * it reads an editor's sample edit on her profile, buys from her there (the promise read on the
 * checkout and the confirmation), asks for help with a returned round with the keyboard; our team
 * moves the project to another editor and gives a free round with its reason; the family reads the
 * decision, can send its revision, and ordering again finds its details offered.
 */
import { expect, test } from '@playwright/test';
import { HELP_PROMISE } from '../../src/features/projects/process';
import { DEMO_SAMPLES } from '../../src/features/editors/server/seed';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts, withOpenSlot } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { fillCheckout } from '../helpers/e2e-checkout';
import { MAYA, projectCard, returnFeedback, SOFIA, step, tokenFor } from '../helpers/e2e-delivery';
import { islandsHydrated } from '../helpers/hydration';
import { keepScreenshot } from '../helpers/screens';

test.beforeEach(({ request }) => withOpenSlot(request, MAYA.id));

const REASON = 'The notes only fix commas; the prompt asks about a challenge and nobody looked at that part.';
const DECISION = 'The feedback missed the prompt: Sofia Ramirez gives you a new round, on us.';

test('a family reads a sample, buys, asks for help with its feedback, gets a free round with another editor, and orders again with its details offered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 3);
  await page.goto('/pricing');
  await expect(page.getByText(HELP_PROMISE)).toBeVisible();

  // The family reads Maya's sample edit on her profile, then buys from her there.
  await page.setViewportSize({ width: 390, height: 900 });
  const email = await signIn(page, uniqueEmail('help'));
  const token = await tokenFor(request, email);
  await page.goto(`/editors/${MAYA.id}`);
  const [sample] = DEMO_SAMPLES.filter((s) => s.editorId === MAYA.id);
  const shown = page.getByRole('region', { name: 'Sample edits' }).getByRole('article', { name: sample.title });
  await shown.scrollIntoViewIfNeeded();
  await expect(shown.locator('mark').first()).toBeVisible();
  await expect(shown).toContainText(sample.comments[0].text);
  const reserve = page.getByRole('link', { name: `Reserve a Slot with ${MAYA.name}` });
  await expect(reserve).toHaveAttribute('href', `/select-services?editor=${MAYA.id}`);
  await reserve.click();
  // The page drops the link's parameter once it has chosen the editor, as soon as it hydrates.
  await expect(page).toHaveURL(/\/select-services(\?editor=maya-chen)?$/);
  await islandsHydrated(page);
  await expect(page.getByRole('radio', { name: new RegExp(MAYA.name) })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Supplemental Essay Help (Small)', exact: true }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText(HELP_PROMISE)).toBeVisible();
  await fillCheckout(page);
  await page.getByRole('button', { name: /^Proceed to Payment/ }).click();
  await expect(page).toHaveURL(/\/test-checkout\?order=/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(HELP_PROMISE)).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const id = `${orderId}-1`;
  const draft = { prompt: 'Describe a challenge.', draft: { kind: 'text', text: 'My draft about a challenge.' } };
  expect((await step(request, token, id, 'submit', draft)).status).toBe(200);
  await returnFeedback(request, await tokenFor(request, MAYA.email), id, 'Fix the commas in paragraph two.');

  await page.goto('/dashboard');
  const card = projectCard(page, id);
  const ask = card.getByRole('button', { name: 'Ask for help with this feedback' });
  await ask.focus();
  await page.keyboard.press('Enter');
  const field = card.getByLabel('What disappoints you in this feedback?');
  await expect(field).toBeFocused();
  await expect(card).toContainText(HELP_PROMISE);
  // Sent empty, it says what is missing and keeps the focus there.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(card.getByText('Say what disappoints you in this feedback')).toBeVisible();
  await expect(field).toBeFocused();
  await page.keyboard.type(REASON);
  await keepScreenshot(page, 'help-ask-390');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(card).toContainText('Help requested');
  await expect(card).toContainText('You asked for help with this feedback');
  await expect(card).toContainText(REASON);
  await expect(card.getByRole('button', { name: 'Submit Revision' })).toHaveCount(0);
  await keepScreenshot(page, 'help-asked-390');

  // Our team moves it to Sofia (her slot taken, Maya's given back) and gives a free round.
  const admin = await adminToken(request);
  expect((await step(request, admin, id, 'reassign', { editorId: SOFIA.id })).status).toBe(200);
  const team = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openAdmin(team, request, '/admin?tab=projects');
  const teamCard = team.getByRole('article', { name: new RegExp(`${id}$`) });
  await expect(teamCard).toContainText('Help requested');
  await expect(teamCard).toContainText(REASON);
  await teamCard.getByRole('button', { name: new RegExp(`^Give a free round \\(`) }).click();
  const panel = teamCard.getByRole('form', { name: 'Give the family a free extra round?' });
  await panel.getByRole('button', { name: 'Give a free round' }).click();
  await expect(panel.getByText('Say why: the family and the editor read it.')).toBeVisible();
  await panel.getByRole('textbox').fill(DECISION);
  await expectNoAxeViolations(team, OPEN_TAB_PANEL);
  await keepScreenshot(team, 'help-decide-1280');
  await panel.getByRole('button', { name: 'Give a free round' }).click();
  await expect(toasts(team).getByRole('status')).toHaveText(`Project ${id}: a free extra round given`);
  await expect(teamCard).toContainText('Feedback returned');
  await expect(teamCard).toContainText(DECISION);

  await team.close();

  // The family reads the decision with its reason, and can send its revision to Sofia.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(card).toContainText('Our team gave a free extra round');
  await expect(card).toContainText(DECISION);
  await expect(card).toContainText(SOFIA.name);
  await expect(card.getByRole('button', { name: 'Submit Revision' })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'help-granted-1280');

  // Ordering again, the family finds this order's details offered, and one press fills them in.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/select-services?editor=${MAYA.id}&service=activity-list`);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  const offer = page.getByRole('region', { name: 'Same student as last time?' });
  await expect(offer).toContainText('Sam Rivera · Pat Rivera · 1 Main St, Springfield');
  await offer.getByRole('button', { name: `Use the details from order ${orderId}` }).click();
  await expect(page.getByLabel('Student Name')).toHaveValue('Sam Rivera');
  await expect(page.getByLabel('Street Address')).toHaveValue('1 Main St');
  await expectNoAxeViolations(page, 'form');
  await keepScreenshot(page, 'help-order-again-390');

  // Put back what the test moved: Sofia's slot.
  expect((await step(request, admin, id, 'withdraw', { reason: 'Put back after the test.' })).status).toBe(200);
});
