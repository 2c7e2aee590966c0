/**
 * The editor's ended shelf comes a page at a time: 'Show more ended projects' asks for the next page
 * while the server says there is one, from the keyboard too, and a failure keeps what is shown. The
 * server's pages are the function tests'; here the answer only says there is a next page.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn } from '../helpers/e2e-auth';
import { MAYA } from '../helpers/e2e-delivery';

const SHELF = (url: URL) => url.pathname === '/api/editor/projects' && url.searchParams.get('shelf') === 'done';

/** The first page as the server answers it, said to have a next; the next page as `next` answers. */
async function pagedShelf(page: Page, next: 'empty' | 'fails') {
  const asked: string[] = [];
  await page.route(SHELF, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (!url.searchParams.has('cursor')) {
      const answer = await route.fetch();
      const body = await answer.json();
      return route.fulfill({ response: answer, json: { ...body, nextCursor: 'next-page' } });
    }
    if (next === 'fails') return route.abort('connectionreset');
    const answer = await route.fetch();
    const body = await answer.json();
    return route.fulfill({ response: answer, json: { ...body, projects: [], nextCursor: null } });
  });
  return asked;
}

async function openShelf(page: Page) {
  await signIn(page, MAYA.email);
  await page.goto('/editor');
  await page.getByRole('button', { name: 'Show ended projects' }).click();
}

for (const width of [390, 1280]) {
  test(`at ${width} px the ended shelf shows more while there is more, and only then`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const asked = await pagedShelf(page, 'empty');
    await openShelf(page);
    const more = page.getByRole('button', { name: 'Show more ended projects' });
    await expect(more).toBeVisible();
    await expectNoAxeViolations(page, '#inbox');
    await more.focus();
    await page.keyboard.press('Enter');
    // 'Loading more...' while it asks; then, the last page shown, no button at all.
    await expect(page.getByRole('button', { name: /Show more ended projects|Loading more/ })).toHaveCount(0);
    expect(asked).toEqual(['?shelf=done', '?shelf=done&cursor=next-page']);
    // The button went with the last page; the keyboard stays on the shelf (the first new project, or its heading).
    await expect(page.locator('#ended-heading')).toBeFocused();
  });
}

test('a next page that fails to load says so, keeps the shelf and its button, and loads on the next press', async ({
  page,
}) => {
  await pagedShelf(page, 'fails');
  await openShelf(page);
  const more = page.getByRole('button', { name: 'Show more ended projects' });
  await more.click();
  await expect(page.locator('#inbox').getByRole('alert')).toHaveText(
    'We could not load more ended projects. Press the button to try again.',
  );
  await expect(more).toBeVisible();
  await expect(page.getByText('Loading ended projects...')).toHaveCount(0);
  await expectNoAxeViolations(page, '#inbox');

  await page.unroute(SHELF);
  await pagedShelf(page, 'empty');
  await more.click();
  await expect(page.locator('#inbox').getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Show more ended projects|Loading more/ })).toHaveCount(0);
});
