import { chromium } from 'playwright-core';
const [, , width, out, tz = 'Asia/Kolkata', pick = '0'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, timezoneId: tz });
const page = await ctx.newPage();
page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
await page.goto('http://localhost:38888/contact#book-consult');
await page.getByRole('group', { name: /Choose a time/ }).getByRole('radio').first().waitFor();
if (pick === '1') {
  await page.getByRole('group', { name: /Choose a time/ }).getByRole('radio').nth(2).check();
}
await page.locator('#book-consult').screenshot({ path: out });
await browser.close();
