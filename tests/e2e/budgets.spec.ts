/**
 * Per-page JavaScript budgets over the production build (deterministic: no browser, no network):
 * the gzipped JavaScript a page loads without interaction, module graph followed. Budgets live in
 * scripts/bench/built-pages.ts; a page without one gets the static-page budget, so a new page that
 * ships React fails here until it is given a budget on purpose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DIST, builtPages, jsBudget, pageJavaScript } from '../../scripts/bench/built-pages';

for (const page of builtPages()) {
  const budget = jsBudget(page.route);
  test(`${page.route} loads at most ${budget / 1024} KB of gzipped JavaScript`, () => {
    const { gzipBytes, files } = pageJavaScript(page);
    expect(files.length, 'every page has at least the header menu script').toBeGreaterThan(0);
    expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} KB from ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });
}

// zod is ~25 KB gzipped. Islands check input with zod-free rules (editor-rules.ts, editor-input.ts,
// admin-lists.ts, paged-list.ts) and the server parses with the schemas; one import of a module that
// builds a schema at its top level (schemas.ts, admin.ts, paging.ts) ships all of zod again. Only the
// checkout form still parses with schemas.ts in the browser.
test('no page but /checkout ships zod', () => {
  const shipsZod = (url: string) => readFileSync(join(DIST, url), 'utf8').includes('"$ZodType"'); // zod names its classes at run time
  const pagesWithZod = builtPages().filter((page) => pageJavaScript(page).files.some(shipsZod));
  expect(pagesWithZod.map((page) => page.route).filter((route) => route !== '/checkout')).toEqual([]);
});
