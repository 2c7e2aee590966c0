/**
 * Pictures of a page at a phone's and a desktop's width, for a person to look at when a page changes:
 * not assertions. Taken with E2E_SCREENSHOTS=1, into test-results/screens; `npm test` leaves them out,
 * as drawing and encoding a whole page cost the browser's CPU for files nobody opens in a test run.
 */
import type { Locator, Page } from '@playwright/test';

export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await target.screenshot({ path: `test-results/screens/${name}.png`, ...options });
}
