/**
 * A screenshot of a page in the browser tests' Chromium, to look at what a person sees:
 *   node scripts/screenshot.mjs http://localhost:8888/pricing out.png [width=1280] [fullPage=1]
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const [, , url, out, width = '1280', fullPage = '1'] = process.argv;
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [width] [fullPage 1|0]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: resolve('tests/helpers/chromium.sh'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: fullPage === '1' });
await browser.close();
