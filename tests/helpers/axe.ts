/**
 * Runs axe for WCAG 2 A/AA and fails with a readable list of what is wrong: on the whole page, or
 * only on `include` (a selector or several) where the page is large and the test is about one part
 * of it. Each large page is still scanned whole by at least one test.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page, include?: string | string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of typeof include === 'string' ? [include] : (include ?? [])) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
