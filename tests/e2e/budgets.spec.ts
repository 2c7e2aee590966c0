/**
 * Per-page JavaScript budgets over the production build (deterministic: no browser, no network):
 * the gzipped JavaScript a page loads without interaction, module graph followed. Budgets live in
 * scripts/bench/built-pages.ts; a page without one gets the static-page budget, so a new page that
 * ships React fails here until it is given a budget on purpose.
 */
import { expect, test } from '@playwright/test';
import { builtPages, jsBudget, pageJavaScript } from '../../scripts/bench/built-pages';

for (const page of builtPages()) {
  const budget = jsBudget(page.route);
  test(`${page.route} loads at most ${budget / 1024} KB of gzipped JavaScript`, () => {
    const { gzipBytes, files } = pageJavaScript(page);
    expect(files.length, 'every page has at least the header menu script').toBeGreaterThan(0);
    expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} KB from ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });
}
