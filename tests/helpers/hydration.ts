/**
 * A page as a slow phone on a slow network shows it: the HTML is there, its JavaScript is not yet.
 * Tests hold the page's scripts, act at once, release them, and check what the islands made of it
 * once hydrated (docs/decisions/015-no-input-lost-before-hydration.md). No timers: the test decides
 * when the scripts arrive.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Holds every script of the site (`/_astro/*.js`: island components, React, page scripts) until the
 * returned function is called. Routing turns the browser cache off, so nothing slips past from cache.
 * Navigate with `waitUntil: 'commit'`: the page's module scripts hold back DOMContentLoaded and load.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may be gone by then
  });
  return release;
}

/** Holds one island's component (`OrderSummary` for /_astro/OrderSummary.<hash>.js), so it hydrates last. */
export async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/_astro/${component}.*.js`, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** Islands still waiting for their JavaScript: Astro removes `ssr` from <astro-island> when it hydrates one. */
export const unhydratedIslands = (page: Page) => page.locator('astro-island[ssr]');

/**
 * Waits until every island of the page has hydrated, but for the `client:visible` ones still out of
 * view (those hydrate when scrolled to, as they should). Those that wait for the visitor
 * (`client:interaction`) are reached into once the page has loaded, as a visitor's first focus does.
 */
export async function islandsHydrated(page: Page) {
  const waiting = () =>
    page.evaluate(() => {
      // A page still loading may not have parsed its islands yet: none counts as hydrated before it loaded.
      if (document.readyState !== 'complete') return -1;
      const islands = [...document.querySelectorAll('astro-island[ssr]')];
      for (const island of islands)
        if (island.getAttribute('client') === 'interaction')
          island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      return islands.filter((island) => {
        if (island.getAttribute('client') !== 'visible') return true;
        const box = island.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      }).length;
    });
  await expect.poll(waiting, { timeout: 30_000 }).toBe(0);
}

/**
 * Waits until the footer's newsletter script has taken the form over (it marks the form
 * `data-enhanced`): before that a submit posts natively, which the hydration tests cover.
 */
export async function newsletterReady(page: Page) {
  await expect(page.locator('form#newsletter-form[data-enhanced]')).toBeAttached({ timeout: 30_000 });
}

/**
 * Waits until the page's islands have hydrated (see islandsHydrated) and its main thread has gone idle
 * once since: React reports a mismatch while hydrating, so by then any would have been logged.
 */
export async function hydratedAndIdle(page: Page) {
  await islandsHydrated(page);
  // Polled: a page that sends the visitor on (/checkout without an order) replaces the document meanwhile.
  const idle = () =>
    page.evaluate(
      () => new Promise<boolean>((resolve) => requestIdleCallback(() => resolve(true), { timeout: 10_000 })),
    );
  await expect.poll(idle, { timeout: 30_000 }).toBe(true);
}

/** Slows the CPU `rate` times (Chrome DevTools Protocol), as on a low-end phone. */
export async function slowCpu(page: Page, rate: number) {
  if (rate <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** React's words for a server HTML it could not hydrate: minified errors #418, #423, #425, or the text. */
const HYDRATION_MISMATCH = /#41[89]\b|#42[35]\b|hydrat/i;

/** Collects every console error and page error that speaks of a hydration mismatch. */
export function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_MISMATCH.test(message.text()))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_MISMATCH.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}
