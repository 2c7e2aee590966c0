/**
 * Feedback in the essay itself, on one project from start to revision: the editor comments on three
 * passages of an uploaded .docx (one chosen with the keyboard alone) and returns the feedback; the
 * family reads each comment in place, marks two done and sends a revision; both sides then read the
 * changes since round 1 with the summary. At 390 and 1280 px, axe clean. A long draft, drawn a
 * screen at a time, still brings every comment into the page and lets the family go to any of them;
 * on a phone it is part of the page, not a box scrolling inside it.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { anchorOf } from '#features/essay/essay-anchor';
import { expectNoAxeViolations } from '../helpers/axe';
import { docx, paragraph } from '../helpers/docx';
import { signIn, uniqueEmail } from '../helpers/e2e-auth';
import { buy, MAYA, projectCard, returnFeedback, step, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

const essay = (kept: string, hives: string, market: string) =>
  docx(
    paragraph('Bees', 'Heading1') +
      paragraph(
        `My grandmother ${kept} bees on the roof of our building in Queens, and I climbed the ladder with her.`,
      ) +
      paragraph(
        'The first time I was stung, I cried; the second time, I laughed, because I had learned to stay calm.',
      ) +
      paragraph(`Now I keep ${hives} hives of my own, and I sell the honey at ${market}.`),
  );
const FIRST = essay('kept', 'two', 'the Saturday market');
const REVISION = essay('raised', 'three', 'a stall downtown');

/** Uploads a .docx and submits it as the next draft, as the family through the API. */
async function submitDocx(request: APIRequestContext, token: string, id: string, bytes: Uint8Array, name: string) {
  const uploaded = await request.post(`/api/project-files/${id}`, {
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-file-name': name },
    data: Buffer.from(bytes),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const draft = { kind: 'file', fileId: (await uploaded.json()).id };
  const res = await step(request, token, id, 'submit', { prompt: 'Any topic.', draft });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Selects `words` in the draft text as a mouse drag would. */
async function select(page: Page, region: Locator, words: string) {
  await region.evaluate((root, quote) => {
    for (const block of root.querySelectorAll('[data-block]')) {
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(quote);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + quote.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
    }
    throw new Error(`No “${quote}” in the draft`);
  }, words);
}

/** Opens a project card's details on /dashboard, unless the page kept them open. */
async function showDetails(card: Locator) {
  const toggle = card.getByRole('button', { name: /drafts, feedback and messages/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function openDraft(scope: Locator, label: string) {
  await scope.getByRole('button', { name: 'Read draft', exact: true }).first().click();
  const region = scope.getByRole('region', { name: label });
  await expect(region).toBeVisible();
  return region;
}

test('the editor comments on passages, the family reads them in place and revises, both read the changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 3);
  const email = await signIn(page, uniqueEmail('family'));
  const family = await tokenFor(page.request, email);
  const [id] = await buy(page.request, family, [{ id: 'common-app-essay', quantity: 1 }], MAYA.id);
  await submitDocx(page.request, family, id, FIRST, 'bees.docx');

  // The editor: one passage with the keyboard alone, two with a selection.
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const maya = await editorContext.newPage();
  await signIn(maya, MAYA.email);
  await maya.goto(`/editor#project-${id}`);
  const opened = maya.getByRole('article');
  await opened.getByRole('button', { name: 'Read draft', exact: true }).focus();
  await maya.keyboard.press('Enter');
  const text = opened.getByRole('region', { name: 'Draft 1 text' });
  await expect(text).toContainText('My grandmother kept bees');
  await expect(opened.getByText('Comments are sent with your feedback', { exact: false })).toBeVisible();
  await text.focus();
  for (const key of ['ArrowRight', 'ArrowDown', 'Shift+ArrowRight', 'Shift+ArrowRight']) await maya.keyboard.press(key);
  await expect(opened.getByRole('status').filter({ hasText: 'Chosen: “My grandmother kept”' })).toBeAttached();
  await maya.keyboard.press('Enter');
  await expect(opened.getByLabel('Your comment')).toBeFocused();
  await maya.keyboard.type('Which grandmother? Name her.');
  await maya.keyboard.press('Tab');
  await maya.keyboard.press('Enter');
  await expect(opened.getByText('Comment 1 on “My grandmother kept”')).toBeVisible();
  await expect(text).toBeFocused();

  // Made out of reading order: the later passage first.
  for (const [quote, note] of [
    ['the Saturday market', 'What do you sell it for?'],
    ['I laughed', 'Show the laugh; do not tell it.'],
  ]) {
    await select(maya, text, quote);
    await opened.getByRole('button', { name: 'Comment on selection' }).click();
    await opened.getByLabel('Your comment').fill(note);
    await opened.getByRole('button', { name: 'Save comment' }).click();
    await expect(text.getByText(note)).toBeVisible();
  }
  await expect(text.locator('mark')).toHaveText(['My grandmother kept', 'I laughed', 'the Saturday market']);
  // Numbered in reading order, as every other view numbers them.
  await expect(opened.getByText('Comment 2 on “I laughed”')).toBeVisible();
  await expectNoAxeViolations(maya);
  await keepScreenshot(text, 'essay-comments-editor-1280');
  await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), id, 'See my comments.');

  // The family, on a phone: each comment under its passage, gone through in order, two marked done.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await showDetails(card);
  // Returned with comments, the round opens in its draft view: no press first.
  const read = card.getByRole('region', { name: 'Draft 1 text' });
  await expect(card.getByRole('button', { name: 'Hide draft', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(read.locator('mark')).toHaveCount(3);
  await card.getByRole('button', { name: 'Next comment' }).click();
  await expect(read.getByRole('listitem').filter({ hasText: 'Which grandmother?' })).toBeFocused();
  await card.getByRole('button', { name: 'Next comment' }).click();
  await expect(read.getByRole('listitem').filter({ hasText: 'Show the laugh' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(read.getByRole('button', { name: /Done/ }).nth(1)).toHaveAttribute('aria-pressed', 'true');
  await read.getByRole('button', { name: /Done/ }).first().click();
  await expect(read.getByRole('button', { name: /Done/ }).first()).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, `#project-${id}`);
  await keepScreenshot(read, 'essay-comments-family-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(read, 'essay-comments-family-1280');

  await submitDocx(page.request, family, id, REVISION, 'bees-2.docx');

  // Both sides read the changes since round 1.
  const summary = /\+\d+ words?, −\d+ words?, 2 of 3 comments addressed/;
  for (const [reader, scope, width] of [
    [page, card, 1280],
    [maya, opened, 390],
  ] as const) {
    await reader.setViewportSize({ width, height: 900 });
    // A fresh load: the editor's page is still open on the first round.
    await reader.goto(reader === page ? '/dashboard' : `/editor#project-${id}`);
    await reader.reload();
    if (reader === page) await showDetails(card);
    await openDraft(scope, 'Draft 2 text');
    // Made ready while the page is idle, the changes wait out of sight and out of reach.
    const changes = scope.getByRole('region', { name: 'Changes since round 1' });
    await expect(scope.getByText(summary)).toBeAttached();
    await expect(scope.getByText(summary)).toBeHidden();
    await expect(changes).toHaveCount(0);
    await scope.getByRole('button', { name: 'Changes since round 1' }).click();
    await expect(scope.getByText(summary)).toBeVisible();
    await expect(scope.getByRole('region', { name: 'Draft 2 text' })).toHaveCount(0);
    await expect(changes.locator('ins').first()).toContainText('raised');
    await expect(changes.locator('del').first()).toContainText('kept');
    await expect(scope.getByRole('list', { name: 'Comments on text since removed' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await expect(changes.getByText('Show the laugh; do not tell it.')).toBeVisible();
    // The same number as in the round's own view, though it was made last.
    await expect(changes.getByText('Comment 2 on “I laughed”')).toBeVisible();
    await expectNoAxeViolations(reader, reader === page ? `#project-${id}` : undefined);
    await keepScreenshot(changes, `essay-changes-${reader === page ? 'family' : 'editor'}-${width}`);
  }
  await editorContext.close();
});

test('a pasted draft opens in the draft view for its comments, in place of the text as typed', async ({ page }) => {
  const family = await tokenFor(page.request, uniqueEmail('family'));
  const [id] = await buy(page.request, family, [{ id: 'supplement-small', quantity: 1 }], MAYA.id);
  const draft = { kind: 'text', text: 'Why us? Because of the bees.\n\nAnd the roof.' };
  expect((await step(page.request, family, id, 'submit', { prompt: 'Why us?', draft })).status).toBe(200);

  await signIn(page, MAYA.email);
  await page.goto(`/editor#project-${id}`);
  const opened = page.getByRole('article');
  await expect(opened.getByRole('region', { name: 'Draft 1 text' })).toContainText('Because of the bees.');
  await opened.getByRole('button', { name: 'Comments and changes' }).focus();
  await page.keyboard.press('Enter');
  const text = opened.getByRole('region', { name: 'Draft 1 text' });
  await expect(text.locator('[data-block]')).toHaveText(['Why us? Because of the bees.', 'And the roof.']);
  await text.focus();
  for (const key of ['ArrowRight', 'ArrowDown', 'Shift+ArrowRight', 'Shift+ArrowRight', 'Enter'])
    await page.keyboard.press(key);
  await page.keyboard.type('Which roof?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(opened.getByText('Comment 1 on “And the roof.”')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Back to the draft as typed' }).click();
  await expect(opened.getByRole('region', { name: 'Draft 1 text' })).toContainText('Because of the bees.');
});

test('a long draft is drawn a screen at a time: every comment reaches the page, the last one press away', async ({
  page,
}) => {
  const email = await signIn(page, uniqueEmail('family'));
  const family = await tokenFor(page.request, email);
  const [id] = await buy(page.request, family, [{ id: 'common-app-essay', quantity: 1 }], MAYA.id);
  // Twelve paragraphs of about sixty words: several phone screens, more than the first one holds.
  const blocks = Array.from({ length: 12 }, (_, i) => ({
    kind: 'p' as const,
    text: `Paragraph ${i + 1}: ${'the bees kept the roof busy all summer and I kept going back to learn patience. '.repeat(4).trim()}`,
  }));
  const draft = { kind: 'text', text: blocks.map((block) => block.text).join('\n') };
  expect((await step(page.request, family, id, 'submit', { prompt: 'Any topic.', draft })).status).toBe(200);
  const maya = await tokenFor(page.request, MAYA.email);
  for (const [block, note] of [
    [0, 'A strong opening.'],
    [11, 'End on the roof.'],
  ] as const) {
    const quote = `Paragraph ${block + 1}:`;
    const anchor = anchorOf(blocks, block, 0, quote.length);
    const res = await step(page.request, maya, id, 'comment', { anchor, text: note });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await returnFeedback(page.request, maya, id, 'See my comments.');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await showDetails(card);
  // Returned with comments, the round opens with them in place: no press first.
  const back = card.getByRole('button', { name: 'Back to the draft as typed' });
  const read = card.getByRole('region', { name: 'Draft 1 text' });
  await expect(back).toHaveAttribute('aria-expanded', 'true');
  await expect(read.locator('[data-block]')).toHaveCount(12);
  await expect(read.locator('mark')).toHaveText(['Paragraph 1:', 'Paragraph 12:']);
  // On a phone the draft is part of the page, each comment under its passage: no box scrolling inside it.
  expect(await read.evaluate((region) => region.scrollHeight - region.clientHeight)).toBe(0);
  await read
    .locator('mark')
    .first()
    .evaluate((mark) => mark.scrollIntoView({ block: 'start' }));
  await expect(read.getByText('A strong opening.')).toBeInViewport();
  await keepScreenshot(page, 'essay-comments-long-390');
  await back.click();
  const open = card.getByRole('button', { name: 'Comments and changes' });

  // With the screen's frames held, the view stops at its first screen; going to a comment brings in the rest.
  await page.evaluate(() => {
    window.requestAnimationFrame = () => 0;
  });
  await open.click();
  await expect(read.locator('mark')).toHaveText(['Paragraph 1:']);
  expect(await read.locator('[data-block]').count()).toBeLessThan(12);
  await card.getByRole('button', { name: 'Previous comment' }).click();
  await expect(read.locator('[data-block]')).toHaveCount(12);
  await expect(read.getByRole('listitem').filter({ hasText: 'End on the roof.' })).toBeFocused();
  await expect(read.getByText('Paragraph 12:', { exact: true })).toBeInViewport();
});

test('the previous draft failing to load is asked for again on opening the changes, says so, and loads on the next press', async ({
  page,
}) => {
  const email = await signIn(page, uniqueEmail('family'));
  const family = await tokenFor(page.request, email);
  const [id] = await buy(page.request, family, [{ id: 'common-app-essay', quantity: 1 }], MAYA.id);
  for (const [n, text] of [
    [1, 'My grandmother kept bees on the roof.'],
    [2, 'My grandmother raised bees on the roof.'],
  ] as const) {
    const res = await step(page.request, family, id, 'submit', { prompt: 'Any topic.', draft: { kind: 'text', text } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (n === 1) await returnFeedback(page.request, await tokenFor(page.request, MAYA.email), id, 'Go on.');
  }
  // The first two requests for the first round's text fail, as a storage outage would; the next ones pass.
  let asked = 0;
  await page.route(`**/api/projects/${id}/drafts/1`, (route) =>
    asked++ < 2
      ? route.fulfill({ status: 503, json: { error: 'The service is busy. Please try again.' } })
      : route.continue(),
  );
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await showDetails(card);
  await card.getByRole('button', { name: 'Comments and changes' }).first().click();
  // The view asks for the previous text while the family reads; that answer fails unseen.
  await expect.poll(() => asked).toBe(1);
  const toggle = card.getByRole('button', { name: 'Changes since round 1' });
  await toggle.click();
  await expect(card.getByRole('alert')).toContainText('The service is busy. Please try again.');
  expect(asked).toBe(2);
  await toggle.click();
  await toggle.click();
  await expect(card.getByText(/\+1 word, −1 word/)).toBeVisible();
  await expect(card.getByRole('region', { name: 'Changes since round 1' }).locator('ins')).toContainText('raised');
});
