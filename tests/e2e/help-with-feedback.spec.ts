/**
 * The promise when feedback disappoints, in the browser: the family reads it before paying, asks for
 * help with a returned round (with the keyboard, at a phone's width), our team moves the project to
 * another editor and gives a free round with its reason, and the family reads the decision and can
 * send its revision.
 */
import { expect, test } from '@playwright/test';
import { HELP_PROMISE } from '../../src/features/projects/process';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts, withOpenSlot } from '../helpers/e2e-admin';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, returnFeedback, SOFIA, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

test.beforeEach(({ request }) => withOpenSlot(request, MAYA.id));

const REASON = 'The notes only fix commas; the prompt asks about a challenge and nobody looked at that part.';
const DECISION = 'The feedback missed the prompt: Sofia Ramirez gives you a new round, on us.';

test('a family asks for help with its feedback, and our team gives a free round with another editor', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  await page.goto('/pricing');
  await expect(page.getByText(HELP_PROMISE)).toBeVisible();

  const email = uniqueEmail('help');
  const token = await tokenFor(request, email);
  const [id] = await buy(request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const draft = { prompt: 'Describe a challenge.', draft: { kind: 'text', text: 'My draft about a challenge.' } };
  expect((await step(request, token, id, 'submit', draft)).status).toBe(200);
  await returnFeedback(request, await tokenFor(request, MAYA.email), id, 'Fix the commas in paragraph two.');

  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, email);
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

  // Put back what the test moved: Sofia's slot.
  expect((await step(request, admin, id, 'withdraw', { reason: 'Put back after the test.' })).status).toBe(200);
});
