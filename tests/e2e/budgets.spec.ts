/**
 * Per-page JavaScript budgets over the production build (deterministic: no browser, no network):
 * the gzipped JavaScript a page loads without interaction, module graph followed (see
 * scripts/bench/built-pages.ts). A page without a row gets the static-page budget, so a new page
 * that ships React fails here until it is given a budget on purpose.
 */
import { expect, test } from '@playwright/test';
import { builtPages, pageJavaScript } from '../../scripts/bench/built-pages';

const KB = 1024;
/** Static pages: the header menu and the newsletter form, no React. */
const STATIC_PAGE = 10 * KB;
const BUDGETS: Record<string, number> = {
  // Public pages with a React island (editors lists, the contact form).
  '/': 80 * KB,
  '/about': 80 * KB,
  '/editors': 80 * KB,
  '/contact': 80 * KB,
  // Pages for signed-in people: React and Firebase Auth.
  '/select-services': 160 * KB,
  '/checkout': 160 * KB,
  '/dashboard': 160 * KB,
  '/admin': 160 * KB,
  '/order-confirmation': 160 * KB,
  '/reset-password': 160 * KB,
  '/test-checkout': 160 * KB,
};

for (const page of builtPages()) {
  const budget = BUDGETS[page.route] ?? STATIC_PAGE;
  test(`${page.route} loads at most ${budget / KB} KB of gzipped JavaScript`, () => {
    const { gzipBytes, files } = pageJavaScript(page);
    expect(files.length, 'every page has at least the header menu script').toBeGreaterThan(0);
    expect(gzipBytes, `${(gzipBytes / KB).toFixed(1)} KB from ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });
}
