/**
 * Finding an editor by major: the filters are pages of the build (they work without JavaScript and
 * can be shared), each editor has a profile page (in the built HTML, the sitemap and Open Graph),
 * and the home page's editors are in its HTML. With the script, the live list refreshes what the
 * build knew.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EDITORS } from '../../src/features/editors/server/seed';
import { SERVICES } from '../../src/lib/catalogue';
import { formatUsd } from '../../src/lib/money';
import type { Editor } from '../../src/features/editors/editor-rules';
import { expectNoAxeViolations } from '../helpers/axe';
import { signIn } from '../helpers/e2e-auth';
import { MAYA, tokenFor } from '../helpers/e2e-delivery';
import { editorsAsBuilt, withBuildSlots, withOpenSlot } from '../helpers/e2e-admin';
import { islandsHydrated } from '../helpers/hydration';
import { layoutShift } from '../helpers/layout-shift';
import { warmUpFunctions } from '../helpers/warm-up';

const EDITORS_API = '**/api/database/editors';
const cards = (page: Page) => page.locator('article[data-editor]');
const shownIds = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.editor));
const filters = (page: Page) => page.getByRole('navigation', { name: 'Find an editor by major' });

/** The live list with some editors changed, as if an admin or an order had changed them since the build. */
async function liveEditors(page: Page, change: (editors: Editor[]) => Editor[]) {
  await page.route(EDITORS_API, async (route) => {
    const editors = (await (await route.fetch()).json()) as Editor[];
    await route.fulfill({ json: change(editors) });
  });
}

test.beforeAll(({ request }) => warmUpFunctions(request, { waitlist: true }));

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('a major, then only open slots, then a profile, each at an address of its own', async ({ page }) => {
    await page.goto('/editors');
    expect(await shownIds(page)).toEqual(DEMO_EDITORS.map((e) => e.id));
    await expect(filters(page).getByRole('link', { name: 'All majors' })).toHaveAttribute('aria-current', 'page');

    await filters(page).getByRole('link', { name: 'Computer Science' }).click();
    await expect(page).toHaveURL(/\/editors\/major\/computer-science$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Computer Science editors');
    await expect(filters(page).getByRole('link', { name: 'Computer Science' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Showing 1 editor who studied Computer Science.')).toBeVisible();
    expect(await shownIds(page)).toEqual(['maya-chen']);

    // Daniel, the only Business editor, is full: the open-slot filter leaves nobody, and says where to go.
    await filters(page).getByRole('link', { name: 'Business (Wharton)' }).click();
    expect(await shownIds(page)).toEqual(['daniel-okafor']);
    await filters(page).getByRole('link', { name: 'Only editors with an open slot' }).click();
    await expect(page).toHaveURL(/\/editors\/major\/business-wharton\/open-slots$/);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText('No editor matches this right now.')).toBeVisible();
    await page.getByRole('link', { name: 'See every Business (Wharton) editor' }).click();
    await expect(page).toHaveURL(/\/editors\/major\/business-wharton$/);

    await page.goto('/editors/open-slots');
    const open = DEMO_EDITORS.filter((e) => e.slotsOpen > 0).map((e) => e.id);
    expect(await shownIds(page)).toEqual(open);
    await filters(page).getByRole('link', { name: 'Show full editors too' }).click();
    await expect(page).toHaveURL(/\/editors$/);

    // A card's name leads to the editor's profile.
    await page
      .locator('article[data-editor="maya-chen"]')
      .getByRole('link', { name: 'Maya Chen', exact: true })
      .click();
    await expect(page).toHaveURL(/\/editors\/maya-chen$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Chen');
    const main = page.getByRole('main');
    for (const text of [
      'Computer Science, Stanford University',
      'SAT',
      '1560',
      'GPA',
      '4.0',
      'Founded a coding club',
      'Turning technical passion',
      'Slots Open: 3/5',
    ]) {
      await expect(main).toContainText(text);
    }
    const edits = main.getByRole('region', { name: 'What Maya edits' });
    for (const service of SERVICES)
      await expect(edits.getByRole('listitem').filter({ hasText: service.title })).toContainText(
        formatUsd(service.priceCents),
      );
    await expect(main.getByRole('link', { name: 'Reserve a Slot with Maya Chen' })).toHaveAttribute(
      'href',
      '/select-services?editor=maya-chen',
    );
    await expect(main.getByRole('link', { name: 'See every Computer Science editor' })).toHaveAttribute(
      'href',
      '/editors/major/computer-science',
    );
    // The reviews come from the live list: without scripts the page says so, and shows no endless loading.
    await expect(main.getByText("Turn on JavaScript to read Maya's reviews.")).toBeVisible();
    await expect(main.getByText('Loading reviews…')).toBeHidden();
  });

  test('a full editor’s card leads to the waitlist on the profile; there it waits for the script', async ({ page }) => {
    await page.goto('/editors');
    const join = page
      .locator('article[data-editor="daniel-okafor"]')
      .getByRole('link', { name: 'Join Waitlist with Daniel Okafor' });
    await expect(join).toHaveAttribute('href', '/editors/daniel-okafor#waitlist');
    await join.click();
    await expect(page.getByRole('complementary', { name: 'Work with Daniel' })).toContainText('Currently Full');
    await expect(page.getByRole('button', { name: 'Join Waitlist with Daniel Okafor' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Reserve Overflow Slot with Daniel Okafor' })).toHaveAttribute(
      'href',
      '/select-services?editor=daniel-okafor',
    );
  });
});

test('a profile is shared with its photo, and found in the sitemap with the majors; the open-slot lists are not', async ({
  page,
  request,
}) => {
  await page.goto('/editors/maya-chen');
  const meta = (property: string) => page.locator(`meta[property="${property}"]`);
  await expect(meta('og:type')).toHaveAttribute('content', 'profile');
  await expect(meta('og:title')).toHaveAttribute('content', /^Maya Chen, Computer Science editor \|/);
  await expect(meta('og:image')).toHaveAttribute('content', /^https:\/\/[^/]+\/editors\/maya-chen\.svg$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https:\/\/[^/]+\/editors\/maya-chen$/);

  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const editor of DEMO_EDITORS) expect(sitemap).toContain(`/editors/${editor.id}</loc>`);
  expect(sitemap).toContain('/editors/major/computer-science</loc>');
  expect(sitemap).not.toContain('open-slots');
  await page.goto('/editors/open-slots');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the home and about pages have their editors in the HTML, and nothing moves when they refresh', async ({
  page,
  request,
}) => {
  const home = await (await request.get('/')).text();
  for (const id of ['maya-chen', 'daniel-okafor', 'sofia-ramirez']) expect(home).toContain(`data-editor="${id}"`);
  expect(home).not.toContain('data-skeleton');
  const about = await (await request.get('/about')).text();
  expect(about).toContain('data-editor="ethan-park"');

  // Open editors as the build had them open: drafts by tests before this one may have taken their slots,
  // and a full editor's card is taller (that change is meant to show, and is not what this measures).
  await withBuildSlots(request);
  // And with the numbers it had: other specs' reviews and finished projects make a card taller.
  await page.route(EDITORS_API, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: editorsAsBuilt((await response.json()) as { id: string }[]) });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const refreshed = page.waitForResponse(EDITORS_API);
  await page.locator('#editors').scrollIntoViewIfNeeded();
  await refreshed;
  await islandsHydrated(page);
  const shift = await layoutShift(page);
  expect(shift).toBeLessThan(0.01);
});

test.describe('with the script, the live list', () => {
  test.beforeEach(({ request }) => withOpenSlot(request, 'maya-chen'));

  test('fills a profile’s booking box: an editor full since the build offers the waitlist, by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await liveEditors(page, (editors) => editors.map((e) => (e.id === 'maya-chen' ? { ...e, slotsOpen: 0 } : e)));
    await page.goto('/editors/maya-chen');
    const box = page.getByRole('complementary', { name: 'Work with Maya' });
    await expect(box).toContainText('Slots Open: 0/5');
    await expect(box).toContainText('Currently Full');
    const join = box.getByRole('button', { name: 'Join Waitlist with Maya Chen' });
    await join.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Join the waitlist for Maya Chen');
    await page.keyboard.press('Escape');
    await expect(join).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('filters what it brings: a Biology editor full since the build leaves the open Biology list', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/editors/major/biology/open-slots');
    expect(await shownIds(page)).toEqual(['priya-nair']);
    await liveEditors(page, (editors) => editors.map((e) => (e.id === 'priya-nair' ? { ...e, slotsOpen: 0 } : e)));
    await page.reload();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText('No editor matches this right now.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See every Biology editor' })).toHaveAttribute(
      'href',
      '/editors/major/biology',
    );
    await expectNoAxeViolations(page);
  });

  test('an editor taken off the site since the build: the profile says so instead of offering a slot', async ({
    page,
  }) => {
    await liveEditors(page, (editors) => editors.filter((e) => e.id !== 'lucas-moreau'));
    await page.goto('/editors/lucas-moreau');
    const box = page.getByRole('complementary', { name: 'Work with Lucas' });
    await expect(box).toContainText('Lucas Moreau is not taking new students just now.');
    await expect(box.getByRole('link', { name: /Reserve/ })).toHaveCount(0);
  });
});

for (const width of [390, 1280]) {
  test(`a filtered list and a profile pass axe at ${width} px, and the filters are reached by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/editors/major/english');
    await islandsHydrated(page);
    await expectNoAxeViolations(page);
    const english = filters(page).getByRole('link', { name: 'English' });
    await filters(page).getByRole('link', { name: 'All majors' }).focus();
    for (let i = 0; i < 10 && !(await english.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(english).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/editors\/major\/government$/);
    await page.goto('/editors/daniel-okafor');
    await islandsHydrated(page);
    await expectNoAxeViolations(page);
  });
}

test('an editor writes the bio on their profile from the workspace, by keyboard (1280 px)', async ({
  page,
  request,
}) => {
  const demoBio = DEMO_EDITORS.find((e) => e.id === MAYA.id)!.bio!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/editors/${MAYA.id}`);
  await expect(page.getByRole('heading', { name: 'About Maya' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(demoBio);

  await signIn(page, MAYA.email);
  await page.goto('/editor');
  const profile = page.locator('details').filter({ hasText: 'Your profile' });
  await profile.getByText('Your profile', { exact: true }).focus();
  await page.keyboard.press('Enter');
  const bio = profile.getByRole('textbox', { name: 'About you' });
  await expect(bio).toHaveValue(demoBio);
  const save = profile.getByRole('button', { name: 'Save Profile' });
  await expect(save).toBeDisabled();
  await bio.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('I read every draft twice, then ask one question.');
  await expect(profile).toContainText('48 of 700 characters');
  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(profile.getByRole('status')).toHaveText('Saved. Your profile page shows it within a few minutes.');
  await expect(save).toBeDisabled();
  await expect(profile.getByRole('link', { name: 'View your profile page' })).toHaveAttribute(
    'href',
    `/editors/${MAYA.id}`,
  );
  await expectNoAxeViolations(page, 'details');
  const live = (await (await request.get('/api/database/editors?fresh=1')).json()) as Editor[];
  expect(live.find((e) => e.id === MAYA.id)!.bio).toBe('I read every draft twice, then ask one question.');

  // Back to the demo's words for the other tests.
  const token = await tokenFor(request, MAYA.email);
  const restored = await request.put('/api/editor/profile', {
    data: { bio: demoBio },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(restored.status()).toBe(200);
});
