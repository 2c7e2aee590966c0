/** The home page: hero buttons that scroll smoothly, the college strip, and the featured editors. */
import { expect, test, type Page } from '@playwright/test';
import { acceptedColleges } from '../../src/lib/site';
import type { Editor } from '../../src/features/editors/editor-rules';
import { expectLoaded, warmUpFunctions } from '../helpers/warm-up';

const strip = (page: Page) => page.getByRole('region', { name: 'Our editors were admitted to' });
const track = (page: Page) => strip(page).locator('.college-track');
const animation = (page: Page) =>
  track(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      name: style.animationName,
      state: style.animationPlayState,
      seconds: parseFloat(style.animationDuration),
      loopPx: el.scrollWidth / 2,
    };
  });

/**
 * How the page asks the browser to scroll to an anchor. Checked as a style, not by sampling scroll
 * positions frame by frame: on a busy machine the browser may finish a smooth scroll between two
 * frames, and such a test fails for the machine, not the page.
 */
const scrollBehavior = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);

test.beforeAll(({ request }) => warmUpFunctions(request));

for (const [button, target] of [
  ['See What Makes Us Different', 'why-beacon'],
  ['Meet Our Editors', 'editors'],
] as const) {
  test(`'${button}' scrolls smoothly to #${target}, just below the sticky header`, async ({ page }) => {
    await page.goto('/');
    expect(await scrollBehavior(page)).toBe('smooth');
    await page.getByRole('link', { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`#${target}$`));
    const section = page.locator(`#${target}`);
    await expect.poll(async () => (await section.boundingBox())!.y).toBeGreaterThan(60);
    await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(100);
    // A visitor who asks for less motion gets the jump.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await scrollBehavior(page)).toBe('auto');
  });
}

test('the three differentiators name the major, the speed upgrades and the $50 lifetime community', async ({
  page,
}) => {
  await page.goto('/');
  const items = page.locator('#why-beacon').getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Major');
  await expect(items.nth(1)).toContainText('24-Hour or 48-Hour');
  await expect(items.nth(2)).toContainText('$50 Lifetime');
});

test('the college strip lists 15 wordmarks once for assistive tech and loops at about 30 px/s', async ({ page }) => {
  await page.goto('/');
  const lists = strip(page).getByRole('list', { includeHidden: true });
  await expect(lists).toHaveCount(2);
  await expect(strip(page).getByRole('listitem')).toHaveText([...acceptedColleges]);
  await expect(strip(page).locator('ul[aria-hidden="true"] li')).toHaveText([...acceptedColleges]);
  const running = await animation(page);
  expect(running.name).not.toBe('none');
  expect(running.state).toBe('running');
  expect(running.loopPx / running.seconds).toBeGreaterThan(27);
  expect(running.loopPx / running.seconds).toBeLessThan(33);
});

test('the strip pauses on hover and with the Pause switch', async ({ page }) => {
  await page.goto('/');
  await strip(page).locator('.college-window').hover();
  expect((await animation(page)).state).toBe('paused');
  await page.mouse.move(0, 0);
  expect((await animation(page)).state).toBe('running');
  const pause = strip(page).getByRole('checkbox', { name: 'Pause' });
  await pause.focus();
  await page.keyboard.press('Space');
  expect((await animation(page)).state).toBe('paused');
  await page.keyboard.press('Space');
  expect((await animation(page)).state).toBe('running');
});

test('the strip stands still, every wordmark in view, for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect((await animation(page)).name).toBe('none');
  await expect(strip(page).locator('ul[aria-hidden="true"]')).toBeHidden();
  // Wrapped inside the page width: no wordmark is cut off at either edge.
  const boxes = await strip(page)
    .getByRole('listitem')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes).toHaveLength(15);
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});

test('featured editors follow the home flag, not names', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#editors article[data-editor]');
  await page.locator('#editors').scrollIntoViewIfNeeded();
  await expectLoaded(cards).toHaveCount(3);
  expect(await cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.editor))).toEqual([
    'maya-chen',
    'daniel-okafor',
    'sofia-ramirez',
  ]);

  // Let an admin feature two other editors: the page follows without a rebuild.
  await page.route('**/api/database/editors', async (route) => {
    const editors = (await (await route.fetch()).json()) as Editor[];
    const flagged = editors.map((e) => ({
      ...e,
      featured: { ...e.featured, home: ['priya-nair', 'hannah-weiss'].includes(e.id) },
    }));
    await route.fulfill({ json: flagged });
  });
  await page.reload();
  await page.locator('#editors').scrollIntoViewIfNeeded();
  await expectLoaded(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Priya Nair');
  await expect(cards.nth(1)).toContainText('Hannah Weiss');
});

test('about features the editors flagged for it', async ({ page }) => {
  await page.goto('/about');
  const region = page.getByRole('region', { name: 'Editors Who Have Just Been There' });
  await region.scrollIntoViewIfNeeded();
  const cards = region.locator('article[data-editor]');
  await expectLoaded(cards).toHaveCount(4);
  expect(await cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.editor))).toEqual([
    'maya-chen',
    'daniel-okafor',
    'sofia-ramirez',
    'ethan-park',
  ]);
});

test('the featured editors load only when scrolled into view', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/database/editors') && calls.push(r.url()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  const loaded = page.waitForResponse('**/api/database/editors');
  await page.locator('#editors').scrollIntoViewIfNeeded();
  // Hydrating the island starts the request; on a busy machine that can take a while.
  await loaded;
  await expectLoaded(page.locator('#editors article[data-editor]').first()).toBeVisible();
  expect(calls).toHaveLength(1);
});
