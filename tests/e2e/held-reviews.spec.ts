/**
 * A review held before it is published: a family's review with a phone number and 'SCAM' waits for
 * our team; the family reads why on its dashboard; the admin finds it with the Held filter and, by
 * keyboard, publishes it (1280 px) or hides it with a reason (390 px), which the family then reads.
 * With axe. The steps not under test go through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { reviewMessages } from '#features/reviews/reviews';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { OPEN_TAB_PANEL, openAdmin, toasts, withOpenSlot } from '../helpers/e2e-admin';
import { buy, MAYA, projectCard, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

// Each test takes one of Maya's slots for a while: one after the other.
test.describe.configure({ mode: 'default' });

const HELD_TEXT = 'SCAM. She ignored my son. Call me at (312) 555-0100.';

/** A final supplement of a new family with Maya, both reviews in: the family's is held. */
async function heldReview(page: Page) {
  const email = await signIn(page, uniqueEmail('held'));
  const token = await tokenFor(page.request, email);
  await withOpenSlot(page.request, MAYA.id);
  const [id] = await buy(page.request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const draft = { prompt: 'Why us?', draft: { kind: 'text', text: 'My essay.' } };
  expect((await step(page.request, token, id, 'submit', draft)).status).toBe(200);
  const maya = await tokenFor(page.request, MAYA.email);
  await returnFeedback(page.request, maya, id);
  expect((await step(page.request, token, id, 'finalize')).status).toBe(200);
  const scores = { feedback: 1, communication: 2, onTime: 2 };
  expect((await step(page.request, token, id, 'review', { scores, text: HELD_TEXT })).status).toBe(200);
  const both = await step(page.request, maya, id, 'review', { score: 3, text: '' });
  expect(both.body.reviews?.held, JSON.stringify(both.body)).toBeDefined();
  return id;
}

const reviewCard = (page: Page, id: string) =>
  page.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: id });

for (const [width, decision] of [
  [1280, 'publish'],
  [390, 'hide'],
] as const) {
  test(`at ${width} px, by keyboard: a review with a phone number waits for our team, who ${decision} it`, async ({
    page,
    browser,
  }) => {
    test.slow(); // a project carried to final through the API, two sign-ins, axe three times
    await page.setViewportSize({ width, height: 900 });
    const id = await heldReview(page);

    // The family reads that our team has it, and why.
    await page.goto('/dashboard');
    const family = projectCard(page, id);
    const details = family.getByRole('button', { name: 'Show drafts, feedback and messages' });
    await details.click();
    await expect(family).toContainText(reviewMessages.heldForFamily(['contact', 'abuse']));
    await expectNoAxeViolations(page, `li#project-${id}`);

    const team = await browser.newPage({ viewport: { width, height: 900 } });
    await openAdmin(team, team.request, '/admin?tab=reviews');
    const select = team.locator(OPEN_TAB_PANEL).getByLabel('Held', { exact: true });
    const answered = team.waitForResponse(/\/api\/admin\/reviews\?.*held=true/);
    await select.focus();
    await select.selectOption({ label: 'Held for you' });
    await answered;
    const card = reviewCard(team, id);
    await expect(card).toContainText('Held for you');
    await expect(card).toContainText('Held: its words carry contact details and abusive words.');
    await expect(card).toContainText(HELD_TEXT);
    await expect(card).toContainText('1.7 out of 5');
    await expectNoAxeViolations(team, OPEN_TAB_PANEL);
    expect(await team.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(team, `held-review-${width}`, { fullPage: true });

    if (decision === 'publish') {
      const publish = card.getByRole('button', { name: `Publish review (${MAYA.name}, Sam)`, exact: true });
      await publish.focus();
      await team.keyboard.press('Enter');
      await expect(card).toContainText('Published');
      await expect(card).toContainText('It was held: its words carried contact details and abusive words.');
      await expect(publish).toHaveCount(0);
      await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
      await expect(toasts(team).getByRole('status')).toContainText(`Review published: ${MAYA.name}, Sam`);
    } else {
      const hide = card.getByRole('button', { name: `Hide review (${MAYA.name}, Sam)`, exact: true });
      await hide.focus();
      await team.keyboard.press('Enter');
      await expect(card.getByLabel('Reason')).toBeFocused();
      await team.keyboard.type('It gives a phone number and insults the editor.');
      await team.keyboard.press('Tab');
      await team.keyboard.press('Enter');
      await expect(card).toContainText('Hidden: It gives a phone number and insults the editor.');
      await expect(card.getByRole('button', { name: /Publish review|Hide review/ })).toHaveCount(0);
      await expect(card.getByRole('heading', { level: 3 })).toBeFocused();
    }
    await expectNoAxeViolations(team, OPEN_TAB_PANEL);
    await team.close();

    // The family reads the decision.
    await page.reload();
    await details.click();
    await expect(family).toContainText(
      decision === 'publish'
        ? /Published \w{3} \d+, /
        : 'Not published by our team: It gives a phone number and insults the editor.',
    );
    await keepScreenshot(page, `held-review-family-${width}`, { fullPage: true });
  });
}
