/**
 * The admin's Reviews tab: both sides' reviews (the editor's private one marked for our team),
 * filtered on the server, and hiding a published review with a reason, by keyboard, at 390 and
 * 1280 px, with axe; a review hidden meanwhile answers with the server's message. The projects are
 * carried to final and reviewed through the API. Also the rating on the editors' admin cards.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminEditor } from '../../src/features/editors/editor-rules';
import { ratingLabel } from '#features/reviews/rating';
import { reviewMessages } from '#features/reviews/reviews';
import { expectNoAxeViolations } from '../helpers/axe';
import { adminToken, OPEN_TAB_PANEL, openAdmin, toasts, withOpenSlot } from '../helpers/e2e-admin';
import { uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

// Each test takes Maya's slots for a while and hides reviews on her profile: one after the other.
test.describe.configure({ mode: 'default' });

const REVIEWS_API = /\/api\/admin\/reviews\?/;

/** Two supplements with Maya carried to final, each reviewed by the family (all 2s, so the filter finds them) and by Maya. */
async function reviewedProjects(request: APIRequestContext, words: string[]) {
  const token = await tokenFor(request, uniqueEmail('reviewed'));
  const maya = await tokenFor(request, MAYA.email);
  const ids: string[] = [];
  for (const text of words) {
    await withOpenSlot(request, MAYA.id);
    const [id] = await buy(request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
    const submitted = await step(request, token, id, 'submit', {
      prompt: 'Why us?',
      draft: { kind: 'text', text: 'My essay.' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await returnFeedback(request, maya, id);
    expect((await step(request, token, id, 'finalize')).status).toBe(200);
    const scores = { feedback: 2, communication: 2, onTime: 2 };
    expect((await step(request, token, id, 'review', { scores, text })).status).toBe(200);
    const mine = await step(request, maya, id, 'review', { score: 3, text: `Private note on ${text}` });
    expect(mine.body.reviews?.publishedAt, JSON.stringify(mine.body)).toBeDefined();
    ids.push(id);
  }
  return ids;
}

/** Chooses an option of a filter by keyboard, and waits for the list the server answers. */
async function filterBy(page: Page, label: string, option: string) {
  const select = page.locator(OPEN_TAB_PANEL).getByLabel(label, { exact: true });
  const answered = page.waitForResponse(REVIEWS_API);
  await select.focus();
  await select.selectOption({ label: option });
  await answered;
}

const reviewCard = (page: Page, id: string) =>
  page.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: id });

for (const width of [390, 1280]) {
  test(`at ${width} px, by keyboard: the reviews filtered, the editor's private review marked, a review hidden with a reason`, async ({
    page,
    request,
  }) => {
    test.slow(); // two projects carried to final through the API, axe twice
    await page.setViewportSize({ width, height: 900 });
    const tag = `${width}-${Date.now()}`;
    const [first, second] = await reviewedProjects(request, [`First review ${tag}`, `Second review ${tag}`]);

    await openAdmin(page, request, '/admin?tab=reviews');
    const panel = page.locator(OPEN_TAB_PANEL);
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('Reviews');
    await expect(reviewCard(page, first)).toBeVisible();

    await filterBy(page, 'Editor', MAYA.name);
    await filterBy(page, 'Overall score', '2 out of 5');
    await filterBy(page, 'On the site', 'Not hidden');
    await expect(reviewCard(page, first)).toBeVisible();
    await expect(reviewCard(page, second)).toBeVisible();
    // Every card left is Maya's, scored 2 overall and not hidden.
    for (const card of await panel.getByRole('listitem').all()) {
      await expect(card.getByRole('heading', { level: 3 })).toContainText(MAYA.name);
      await expect(card).toContainText('2.0 out of 5');
      await expect(card).not.toContainText('Hidden:');
    }

    const card = reviewCard(page, first);
    await expect(card).toContainText(`First review ${tag}`);
    await expect(card).toContainText('Supplemental Essay Help (Small)');
    await expect(card).toContainText('Sam');
    await expect(card).not.toContainText('Rivera');
    await expect(card).toContainText('Published');
    await expect(card.getByText('Only our team reads this')).toBeVisible();
    await expect(card).toContainText(`Private note on First review ${tag}`);
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // By keyboard: the button opens the question with the focus on the reason; an empty one is refused.
    const hide = card.getByRole('button', { name: `Hide review (${MAYA.name}, Sam)`, exact: true });
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const reason = card.getByLabel('Reason');
    await expect(reason).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Hide review', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('alert')).toHaveText(reviewMessages.hideReasonRequired);
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, OPEN_TAB_PANEL);

    // Escape cancels and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(reason).toHaveCount(0);
    await expect(hide).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.type('It names another student.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(card).toContainText('Hidden: It names another student.');
    await expect(card).toContainText('Hidden');
    await expect(hide).toHaveCount(0);
    await expect(card.getByRole('heading', { level: 3 })).toBeFocused();

    // Hidden meanwhile (another admin, or another tab): the server's message shows and the card reads as it is now.
    const hiddenElsewhere = await step(request, await adminToken(request), second, 'hide-review', {
      reason: 'Hidden from another tab.',
    });
    expect(hiddenElsewhere.status).toBe(200);
    const stale = reviewCard(page, second);
    await stale.getByRole('button', { name: `Hide review (${MAYA.name}, Sam)`, exact: true }).click();
    await stale.getByLabel('Reason').fill('A duplicate.');
    await stale.getByRole('button', { name: 'Hide review', exact: true }).click();
    await expect(toasts(page).getByRole('alert')).toHaveText(reviewMessages.notShown);
    await expect(stale).toContainText('Hidden: Hidden from another tab.');
    await expect(stale.getByRole('button', { name: /Hide review/ })).toHaveCount(0);
    await expect(stale.getByRole('heading', { level: 3 })).toBeFocused();
    await keepScreenshot(page, `admin-reviews-${width}`, { fullPage: true });

    // Reloaded with the hidden ones only, both are listed with their reasons.
    await filterBy(page, 'On the site', 'Hidden only');
    await expect(reviewCard(page, first)).toContainText('Hidden: It names another student.');
    await expect(reviewCard(page, second)).toContainText('Hidden: Hidden from another tab.');
  });
}

test('the editors’ admin cards show each rating as the public cards do', async ({ page, request }) => {
  await openAdmin(page, request, '/admin?tab=editors');
  const res = await request.get('/api/admin/editors', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const maya = ((await res.json()) as AdminEditor[]).find((editor) => editor.id === MAYA.id)!;
  const card = page.locator(OPEN_TAB_PANEL).getByRole('listitem').filter({ hasText: MAYA.name }).first();
  await expect(card).toContainText(ratingLabel(maya.rating, maya.track));
});
