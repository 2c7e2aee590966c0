/**
 * Runs axe for WCAG 2 A/AA and fails with a readable list of what is wrong: on the whole page, or
 * only on `include` (a selector or several) where the page is large and the test is about one part
 * of it. Each large page is still scanned whole by at least one test.
 * In axe's legacy mode: one `axe.run` in the page, where the default runs axe in each frame and then
 * opens a blank page to join their results, for cross-origin frames, which no page of the site has
 * (the browser tests' CPU for a scan of /editors: 1.2 core-seconds, against 2.0). A page that gains
 * one fails here rather than go unscanned.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page, include?: string | string[]) {
  const origin = new URL(page.url()).origin;
  const elsewhere = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(elsewhere, 'frames from another origin, which legacy mode leaves unscanned').toEqual([]);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode();
  for (const selector of typeof include === 'string' ? [include] : (include ?? [])) builder = builder.include(selector);
  // Scanned from the top of the page: axe's target-size rule counts a control the sticky header covers
  // at the current scroll as too small, and what lies under the header depends on where a test left it.
  const scrolled = await page.evaluate(() => {
    const at = window.scrollY;
    window.scrollTo({ top: 0, behavior: 'instant' });
    return at;
  });
  const { violations } = await builder.analyze();
  await page.evaluate((at) => window.scrollTo({ top: at, behavior: 'instant' }), scrolled);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
