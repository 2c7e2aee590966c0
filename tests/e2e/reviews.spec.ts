/**
 * Reviews in the browser: a family reviews a final project by keyboard and reads that it waits for
 * the editor's; Maya reviews the family on /editor and then reads theirs, and answers it once. At
 * 390 px and 1280 px, with axe. The steps not under test go through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { adminToken, editorInput } from '../helpers/e2e-admin';
import { buy, MAYA, projectAs, projectCard, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

const status = (scope: ReturnType<Page['locator']>) => scope.getByRole('status').filter({ hasText: /\S/ });

/** A supplement of a new family, with Maya, carried to final through the API. */
async function finalProject(page: Page) {
  const email = await signIn(page, uniqueEmail('reviewer'));
  const token = await tokenFor(page.request, email);
  const [id] = await buy(page.request, token, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const submitted = await step(page.request, token, id, 'submit', {
    prompt: 'Why us?',
    draft: { kind: 'text', text: 'My essay.' },
  });
  expect(submitted.status).toBe(200);
  await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), id);
  expect((await step(page.request, token, id, 'finalize')).status).toBe(200);
  return { id, token };
}

for (const width of [390, 1280]) {
  test(`at ${width} px, by keyboard: the family reviews, the review waits for Maya's; Maya reviews, reads it and answers once`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { id, token } = await finalProject(page);
    await page.goto('/dashboard');
    const card = projectCard(page, id);
    await expect(card.getByRole('heading', { name: 'Review' })).toBeVisible();
    await expectNoAxeViolations(page, `li#project-${id}`);

    // Sending without scores names each one missing, and nothing is sent.
    await card.getByRole('button', { name: 'Submit Review' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByText('Choose a score for Quality of feedback.')).toBeVisible();
    await expect(card.getByText('Choose a score for On time.')).toBeVisible();
    expect((await projectAs(page.request, token, id)).body.reviews).toBeUndefined();
    // Each group says what its ends mean, and which score it misses.
    await expect(card.getByRole('group', { name: 'Quality of feedback' })).toHaveAccessibleDescription(
      '1: general remarks you could not act on. 5: specific notes that made the essay better. Choose a score for Quality of feedback.',
    );

    // By keyboard: each group is one Tab stop, the arrows choose within it.
    for (const [legend, score] of [
      ['Quality of feedback', 5],
      ['Communication', 4],
      ['On time', 5],
    ] as const) {
      const group = card.getByRole('group', { name: legend });
      await group.getByRole('radio', { name: '1 out of 5' }).focus();
      for (let n = 1; n < score; n++) await page.keyboard.press('ArrowRight');
      await expect(group.getByRole('radio', { name: `${score} out of 5` })).toBeChecked();
    }
    await card.getByLabel('Your review (optional)').fill('Maya found what my essay was trying to say.');
    await card.getByRole('button', { name: 'Submit Review' }).focus();
    await page.keyboard.press('Enter');
    await expect(status(card)).toHaveText('Thank you: your review is saved.');
    await expect(card.getByText('Your review', { exact: true })).toBeVisible();
    await expect(card).toContainText('Communication: 4 out of 5');
    await expect(card).toContainText(/Published when both have reviewed or on \w{3} \d+, /);
    await expect(card.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
    await expectNoAxeViolations(page, `li#project-${id}`);
    await keepScreenshot(page, `family-review-${width}`, { fullPage: true });

    // Maya, on /editor: she reads that the family reviewed, not what they said, until she reviews.
    const maya = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(maya, MAYA.email);
    await maya.goto(`/editor#project-${id}`);
    const open = maya.locator('main');
    await expect(open.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
    await expect(open).toContainText("The family's review shows here once you have both reviewed");
    await expect(open).not.toContainText('Maya found what my essay was trying to say.');
    await open
      .getByRole('group', { name: "The family's collaboration" })
      .getByRole('radio', { name: '5 out of 5' })
      .check();
    await open.getByLabel('Notes for our team (optional)').fill('Prepared and on time.');
    await open.getByRole('button', { name: 'Submit Review' }).click();
    await expect(open.getByText('Thank you: your review is saved.')).toBeVisible();
    await expect(open).toContainText('Maya found what my essay was trying to say.');
    await expect(open).toContainText('Your review of the family (only our team reads it): 5 out of 5.');
    await expectNoAxeViolations(maya, 'main');

    await open.getByLabel('Your public reply').fill('Thank you, it was a joy to read.');
    await open.getByRole('button', { name: 'Post Reply' }).click();
    await expect(open.getByText('Your reply is published.')).toBeVisible();
    await expect(open.getByRole('button', { name: 'Post Reply' })).toHaveCount(0);
    await keepScreenshot(maya, `editor-review-${width}`, { fullPage: true });

    // The family reads it published, with the reply, and never Maya's review of them.
    await page.reload();
    await card.getByRole('button', { name: 'Show drafts, feedback and messages' }).click();
    await expect(card).toContainText(/Published /);
    await expect(card).toContainText("Maya Chen's reply: Thank you, it was a joy to read.");
    await expect(card).not.toContainText('Prepared and on time.');

    // Maya's profile lists it newest first, with the student's first name and grade and her reply.
    await page.goto(`/editors/${MAYA.id}`);
    const reviews = page.locator('section[aria-labelledby="reviews-title"]');
    await reviews.scrollIntoViewIfNeeded();
    const item = reviews.getByRole('listitem').first();
    await expect(item).toContainText('Maya found what my essay was trying to say.');
    await expect(item).toContainText(/★ 4\.7 · Sam, \d+th Grade · Supplemental Essay Help \(Small\) · \w+ \d{4}/);
    await expect(item).toContainText('Reply from Maya: Thank you, it was a joy to read.');
    // The line above them counts the reviews it shows (the page as built knew none of them).
    const shown = await reviews.getByRole('listitem').count();
    const counted = shown < 3 ? `${shown} review${shown === 1 ? '' : 's'}` : `★ \\d\\.\\d · ${shown} reviews`;
    await expect(reviews.locator('p').first()).toHaveText(new RegExp(`^${counted}( · |$)`));
    await keepScreenshot(reviews, `profile-reviews-${width}`);
    await expect(reviews).not.toContainText('Prepared and on time.');
    await expectNoAxeViolations(page, 'section[aria-labelledby="reviews-title"]');
  });
}

test('the editors list reads New editor until a project is finished, then how many reviews, from the third the average, and the track record', async ({
  page,
}) => {
  // An editor of its own: what the card reads depends on nothing another test did.
  const editorEmail = uniqueEmail('editor');
  const res = await page.request.post('/api/database/editors', {
    data: { ...editorInput(), slotsOpen: 5, accountEmail: editorEmail },
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const editor = (await res.json()) as { id: string };
  const email = await signIn(page, uniqueEmail('rater'));
  const token = await tokenFor(page.request, email);
  const editorToken = await tokenFor(page.request, editorEmail);
  const ids = await buy(page.request, token, [{ id: 'supplement-small', quantity: 3 }], editor.id);
  const rating = page.locator(`article[data-editor="${editor.id}"] [data-rating]`);
  const track = page.locator(`article[data-editor="${editor.id}"] [data-track]`);
  const liveList = async () => {
    await page.goto('/editors');
    await page.locator('[data-source="live"]').waitFor();
  };
  await liveList();
  await expect(rating).toHaveText('New editor');
  await expect(track).toHaveText(/^With us since \w+ \d{4}$/);
  for (const [i, id] of ids.entries()) {
    expect(
      (await step(page.request, token, id, 'submit', { prompt: 'Why us?', draft: { kind: 'text', text: 'Essay' } }))
        .status,
    ).toBe(200);
    const ack = await step(page.request, editorToken, id, 'acknowledge', { message: 'I have your draft.' });
    expect(ack.status).toBe(200);
    await returnFeedback(page.request, editorToken, id);
    if (i === 0) {
      // Work returned is not a project finished: still new.
      await liveList();
      await expect(rating).toHaveText('New editor');
    }
    expect((await step(page.request, token, id, 'finalize')).status).toBe(200);
    if (i === 0) {
      await liveList();
      await expect(rating).toHaveText('No reviews yet');
      await expect(track).toContainText('1 project finished');
    }
    const score = 3 + i;
    expect(
      (
        await step(page.request, token, id, 'review', {
          scores: { feedback: score, communication: score, onTime: score },
        })
      ).status,
    ).toBe(200);
    expect((await step(page.request, editorToken, id, 'review', { score: 5 })).status).toBe(200);
    if (i < 2) {
      await liveList();
      await expect(rating).toHaveText(i === 0 ? '1 review' : '2 reviews');
    }
  }
  await liveList();
  await expect(rating).toHaveText('★ 4.0 · 3 reviews');
  // Three drafts acknowledged at once: the typical response shows from the third.
  await expect(track).toHaveText(
    /^3 projects finished · Acknowledges a draft within an hour · With us since \w+ \d{4}$/,
  );
  await expectNoAxeViolations(page, `article[data-editor="${editor.id}"]`);
});
