/**
 * The essay in the page: a family uploads a .docx with its first draft and reads it as text with
 * its words against the Common App's limit; its editor reads it too. Keyboard only, at 390 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { docx, listItem, paragraph } from '../helpers/docx';
import { signIn } from '../helpers/e2e-auth';
import { familyWithProject, MAYA, projectCard } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

const ESSAY = docx(
  paragraph('Dumplings', 'Heading1') +
    paragraph('When I was nine, my grandmother taught me to fold dumplings &lt;b&gt;by hand&lt;/b&gt;.') +
    listItem('flour') +
    listItem('patience'),
);

/** Opens the draft with the keyboard and checks what it shows. */
async function readWithKeyboard(page: Page, scope: ReturnType<Page['locator']>) {
  await scope.getByRole('button', { name: 'Read draft', exact: true }).focus();
  await page.keyboard.press('Enter');
  const text = scope.getByRole('region', { name: 'Draft 1 text' });
  await expect(text.getByText('Dumplings', { exact: true })).toBeVisible();
  await expect(text).toContainText('fold dumplings <b>by hand</b>.');
  await expect(text.getByRole('listitem')).toHaveText(['flour', 'patience']);
  await expect(scope.getByText('18 / 650 words', { exact: true })).toBeVisible();
  await expect(scope.getByRole('button', { name: 'Hide draft', exact: true })).toHaveAttribute('aria-expanded', 'true');
}

test('a family uploads a .docx and reads it in the page against the limit; the editor reads it too', async ({
  page,
  browser,
}) => {
  test.setTimeout(test.info().timeout * 2);
  const id = await familyWithProject(page, 'common-app-essay');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await card.getByLabel('Essay prompt').fill('Share an essay on any topic of your choice.');
  await expect(card.getByLabel('Word limit (optional)')).toHaveValue('650');
  await card.getByRole('radio', { name: 'Upload a file' }).check();
  await card
    .getByLabel('Draft file')
    .setInputFiles({ name: 'dumplings.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(ESSAY) });
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await expect(card).toContainText('Draft submitted');
  await card.getByRole('button', { name: 'Show drafts, feedback and messages' }).focus();
  await page.keyboard.press('Enter');

  await readWithKeyboard(page, card);
  await expect(card.getByRole('button', { name: /Download dumplings\.docx/ })).toBeVisible();
  await expectNoAxeViolations(page, `#project-${id}`);
  await keepScreenshot(card.getByRole('region', { name: 'Draft 1 text' }), 'essay-server-family-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('region', { name: 'Draft 1 text' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'essay-server-family-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const editorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const maya = await editorContext.newPage();
  await signIn(maya, MAYA.email);
  await maya.goto(`/editor#project-${id}`);
  const opened = maya.getByRole('article');
  await expect(opened.getByRole('heading', { level: 2, name: 'Common App Essay Editing' })).toBeVisible();
  await readWithKeyboard(maya, opened);
  await expectNoAxeViolations(maya);
  await keepScreenshot(maya, 'essay-server-editor-390', { fullPage: true });
  await editorContext.close();
});

test('Submit Draft: an error clears as soon as its field is fixed, and the count reads against the limit while typing', async ({
  page,
}) => {
  const id = await familyWithProject(page, 'common-app-essay');
  await page.goto('/dashboard');
  const card = projectCard(page, id);
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  await card.getByRole('button', { name: 'Submit Draft' }).click();
  const promptError = card.getByText('Enter the essay prompt your draft answers.');
  const textError = card.getByText('Paste your draft.');
  await expect(promptError).toBeVisible();
  await expect(textError).toBeVisible();

  await card.getByLabel('Essay prompt').fill('Share an essay on any topic of your choice.');
  await expect(promptError).toBeHidden();
  await expect(card.getByLabel('Essay prompt')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(textError).toBeVisible();

  await card.getByLabel('Draft text').fill('word '.repeat(663));
  await expect(textError).toBeHidden();
  await expect(card.getByText('663 / 650 words — 13 over the limit', { exact: false })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(card, `submit-draft-${width}`);
  }
  await card.getByLabel('Word limit (optional)').fill('');
  await expect(card.getByText(/^663 words · /)).toBeVisible();
  await expectNoAxeViolations(page, `#project-${id}`);
});
