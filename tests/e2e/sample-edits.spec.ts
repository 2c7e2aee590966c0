/**
 * Sample edits in the browser: an editor writes one on the workspace with the keyboard (a family's,
 * with its consent, at a phone's width; their own at a desktop's), is told what is missing without
 * losing a word, sends it; our team reads it with the consent on the Sample edits tab and approves
 * it; a family reads it on the editor's profile (the live list, as the page was built before); the
 * editor deletes it, asked first.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { OPEN_TAB_PANEL, openAdmin, toasts } from '../helpers/e2e-admin';
import { signIn } from '../helpers/e2e-auth';
import { MAYA, SOFIA, tokenFor } from '../helpers/e2e-delivery';
import { keepScreenshot } from '../helpers/screens';

const PASSAGE =
  'The bakery opened at four. I learned to shape the loaves before dawn, when the street was still asleep.\nBy summer I ran the ovens alone.';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Presses Tab until the focused control's name (its aria-label, its labels or its text) has `name`. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return '';
      const labels = el.labels ? [...el.labels].map((l) => l.textContent).join(' ') : '';
      return `${el.getAttribute('aria-label') ?? ''} ${labels} ${el.tagName === 'BUTTON' ? el.textContent : ''}`;
    });
    if (text.includes(name)) return;
  }
  throw new Error(`no control named ${name} reached with Tab`);
}

for (const { width, editor, family } of [
  { width: 390, editor: SOFIA, family: true },
  { width: 1280, editor: MAYA, family: false },
]) {
  test(`at ${width} px: ${editor.name} sends a sample edit, our team approves it, a family reads it on the profile`, async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const title = `A summer at the bakery ${width}`;
    await tokenFor(request, editor.email);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, editor.email);
    await page.goto('/editor');
    const show = page.getByRole('button', { name: 'Show my sample edits' });
    await show.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Add a sample' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a sample' });
    await expect(form).toBeVisible();

    await form.getByLabel(/^Title/).focus();
    await page.keyboard.type(title);
    await tabTo(page, 'The passage');
    await page.keyboard.insertText(PASSAGE);
    if (family) {
      // The group's checked radio takes the focus; an arrow chooses the other.
      await tabTo(page, 'My own writing');
      await page.keyboard.press('ArrowDown');
      await expect(form.getByRole('radio', { name: 'A family’s, with their written consent' })).toBeChecked();
      await tabTo(page, 'Who gave written consent');
      await page.keyboard.type('Dana Whitfield');
      await tabTo(page, 'A parent or guardian');
      await page.keyboard.press('Space');
      await form.getByLabel(/^The day they gave it/).fill(yesterday());
      await form.getByLabel(/^The student’s name/).fill('Jordan Whitfield');
    }
    // A comment without its words: said, focused, and nothing typed lost.
    await form.getByLabel(/^Comment 1/).fill('Show us the dark, the smell of bread.');
    await form.getByRole('button', { name: 'Send for approval' }).focus();
    await page.keyboard.press('Enter');
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText('Each comment needs the words of the passage it is on, and what it says.');
    await expect(alert).toBeFocused();
    await expect(form.getByLabel(/^Title/)).toHaveValue(title);
    await form.getByLabel(/^Words of the passage comment 1 is on/).fill('before dawn');
    await keepScreenshot(page, `sample-form-${width}`, { fullPage: true });
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Send for approval' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Sent.' })).toHaveText(
      'Sent. Our team reads it before it is on your profile.',
    );
    const mine = page.getByRole('listitem').filter({ hasText: title });
    await expect(mine).toContainText('Waiting for approval');

    // Our team reads it with the consent and approves it.
    const team = await browser.newPage({ viewport: { width, height: 900 } });
    await openAdmin(team, request, '/admin?tab=samples');
    const panel = team.locator(OPEN_TAB_PANEL);
    const approve = panel.getByRole('button', { name: `Approve: “${title}”` });
    await expect(approve).toBeVisible();
    const card = panel.getByRole('listitem').filter({ has: team.getByRole('heading', { name: title }) });
    await expect(card).toContainText(editor.name);
    if (family) await expect(card).toContainText('Consent from Dana Whitfield (A parent or guardian');
    await expect(card.locator('mark')).toHaveText('before dawn');
    await expectNoAxeViolations(team, OPEN_TAB_PANEL);
    await keepScreenshot(team, `sample-review-${width}`, { fullPage: true });
    await approve.focus();
    await team.keyboard.press('Enter');
    await expect(toasts(team).getByRole('status')).toContainText(`“${title}”: Approved`);
    await expect(card).toContainText('On your profile');
    await team.close();

    // A family reads it on the profile: the live list, which the build did not have.
    const visitor = await browser.newPage({ viewport: { width, height: 900 } });
    await visitor.goto(`/editors/${editor.id}`);
    // Read once in view: scrolled to, as a family reads down the page (Sofia's built page has none).
    await visitor.getByRole('heading', { name: 'Reviews', level: 2 }).scrollIntoViewIfNeeded();
    const samples = visitor.getByRole('region', { name: 'Sample edits' });
    const shown = samples.getByRole('article', { name: title });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(
      family ? 'A family’s essay, shared with their consent' : 'The editor’s own writing',
    );
    await expect(shown.locator('mark')).toHaveText('before dawn');
    await expect(shown).toContainText('Show us the dark, the smell of bread.');
    await expect(shown).not.toContainText('Whitfield');
    await expectNoAxeViolations(visitor);
    await keepScreenshot(visitor, `sample-profile-${width}`, { fullPage: true });
    await visitor.close();

    // The editor deletes it, asked first; it leaves the list.
    await page.reload();
    await page.getByRole('button', { name: 'Show my sample edits' }).click();
    await page.getByRole('button', { name: `Delete sample “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete sample?' });
    await expect(dialog).toContainText(`“${title}” is deleted`);
    await dialog.getByRole('button', { name: 'Delete sample' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sample deleted.' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  });
}
