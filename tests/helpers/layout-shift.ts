import type { Page } from '@playwright/test';

/**
 * Sums layout shifts not caused by input, from the start of the page (the CLS of the visit). Waits two
 * frames, not a time: a shift is reported once the frame that made it is laid out.
 */
export const layoutShift = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const observer = new PerformanceObserver(() => {});
    // Buffered entries are in the observer's buffer as soon as it observes.
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((entry) => !entry.hadRecentInput).reduce((total, entry) => total + entry.value, 0);
  });
