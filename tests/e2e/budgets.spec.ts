/**
 * Per-page JavaScript budgets over the production build (deterministic: no browser, no network):
 * the gzipped JavaScript a page loads without interaction, module graph followed. Budgets live in
 * scripts/bench/built-pages.ts; a page without one gets the static-page budget, so a new page that
 * ships React fails here until it is given a budget on purpose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  DIST,
  ON_DEMAND_VIEWS,
  builtPages,
  jsBudget,
  moduleGraph,
  onDemandViewOf,
  pageJavaScript,
  scriptRoots,
} from '../../scripts/bench/built-pages';
import { COMPILE_HINT } from '../../scripts/build/compile-hints';

for (const page of builtPages()) {
  const budget = jsBudget(page.route);
  test(`${page.route} loads at most ${budget / 1024} KB of gzipped JavaScript`, () => {
    const { gzipBytes, files } = pageJavaScript(page);
    expect(files.length, 'every page has at least the header menu script').toBeGreaterThan(0);
    expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} KB from ${files.join(', ')}`).toBeLessThanOrEqual(budget);
  });
}

// zod is ~25 KB gzipped. Islands check input with zod-free rules (editor-rules.ts, editor-input.ts,
// admin-lists.ts, paged-list.ts, checkout-form.ts) and the server parses with the schemas; one import
// of a module that builds a schema at its top level (schemas.ts, paging.ts, any *.schema.ts) ships all of zod
// again. The same for libphonenumber-js (~30 KB with its smallest metadata): phone numbers are parsed
// on the server only.
test('no page ships zod or libphonenumber-js', () => {
  const heavy = (url: string) => {
    const code = readFileSync(join(DIST, url), 'utf8');
    // Zod 3's issue codes (the API we use) or Zod 4's class names survive minifying; so do the phone metadata's keys.
    return (
      code.includes('invalid_union_discriminator') ||
      code.includes('"$ZodType"') ||
      code.includes('country_calling_codes')
    );
  };
  const pagesWithHeavy = builtPages().filter((page) =>
    pageJavaScript(page, DIST, { withViews: true }).files.some(heavy),
  );
  expect(pagesWithHeavy.map((page) => page.route)).toEqual([]);
});

// A view is loaded when the visitor opens it (a draft, the editor's earnings): never with the page,
// and small when it is.
for (const [route, views] of [
  ['/dashboard', ['DraftReader']],
  ['/editor', ['DraftReader', 'EarningsPanel', 'SamplesPanel']],
  ['/admin', ['PayoutsPanel', 'SampleReviewPanel', 'ReportsPanel', 'TeamPanel', 'InquiryWorkPanel']],
  ['/editors/maya-chen', ['SampleList']],
] as const) {
  for (const view of views) {
    const budget = ON_DEMAND_VIEWS[view];
    test(`${route} loads ${view} on opening only, at most ${budget / 1024} KB gzipped`, () => {
      const page = builtPages().find((built) => built.route === route)!;
      const firstLoad = moduleGraph(scriptRoots(page), true);
      const module = [...moduleGraph(scriptRoots(page))].filter((url) => onDemandViewOf(url) === view);
      expect(module).toHaveLength(1);
      expect(firstLoad.has(module[0])).toBe(false);
      // Compiled as it loads, not function by function while it is drawn.
      if (view === 'DraftReader')
        expect(readFileSync(join(DIST, module[0]), 'utf8').startsWith(COMPILE_HINT)).toBe(true);
      // What it loads that the page has not: not through the page's own modules, nor into another view.
      const onPage = new Set(pageJavaScript(page).files);
      const added = [
        ...moduleGraph(module, false, DIST, (url) => onPage.has(url) || (url !== module[0] && !!onDemandViewOf(url))),
      ];
      const gzipBytes = added.reduce((sum, url) => sum + gzipSync(readFileSync(join(DIST, url))).length, 0);
      expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} KB from ${added.join(', ')}`).toBeLessThanOrEqual(budget);
    });
  }
}
