/**
 * Every public page: unique title and description, canonical URL, one h1, landmarks,
 * the current route in the header, every link it must offer, no horizontal scrolling at 390 px,
 * and no axe violation at 390 px and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { FAQ } from '../../src/components/marketing/faq';
import { CANCELLATION_POLICY } from '../../src/lib/refunds';
import { SERVICES } from '../../src/lib/catalogue';
import { formatUsd } from '../../src/lib/money';
import { site } from '../../src/lib/site';
import { expectNoAxeViolations } from '../helpers/axe';
import { expectLoaded, warmUpFunctions } from '../helpers/warm-up';

const PAGES = [
  { path: '/', nav: 'Home' },
  { path: '/about', nav: 'About' },
  { path: '/services', nav: 'Services' },
  { path: '/pricing', nav: 'Pricing' },
  { path: '/editors', nav: 'Editors' },
  { path: '/community', nav: 'Community' },
  { path: '/privacy-policy', nav: null },
  { path: '/terms-of-service', nav: null },
] as const;

const main = (page: Page) => page.getByRole('main');
const hrefOf = (page: Page, name: string | RegExp) =>
  main(page).getByRole('link', { name, exact: typeof name === 'string' });

test.beforeAll(({ request }) => warmUpFunctions(request));

test('each page has its own title and description, a canonical URL, Open Graph tags and one h1', async ({ page }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const { path, nav } of PAGES) {
    await page.goto(path, { waitUntil: 'domcontentloaded' }); // the head and the static markup: no need for images or islands
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(title, path).toContain(site.name);
    expect(description?.length, path).toBeGreaterThan(50);
    titles.add(title);
    descriptions.add(description!);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname, path).toBe(path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const current = page.getByRole('navigation', { name: 'Main' }).first().locator('[aria-current="page"]');
    if (nav) await expect(current).toHaveText(nav);
    else await expect(current).toHaveCount(0);
  }
  expect(titles.size).toBe(PAGES.length);
  expect(descriptions.size).toBe(PAGES.length);
});

test('the sitemap lists every public page and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  for (const { path } of PAGES) expect(listed).toContain(path);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: .*sitemap-index\.xml/);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
});

test('home links to the consultation, the community and all editors', async ({ page }) => {
  await page.goto('/');
  await expect(hrefOf(page, 'Schedule a Free Consultation')).toHaveAttribute('href', '/contact#book-consult');
  await expect(hrefOf(page, 'See All Editors')).toHaveAttribute('href', '/editors');
  await expect(hrefOf(page, 'Explore the community')).toHaveAttribute('href', '/community');
});

test('services: each card reserves its service and its icon opens its price row; community and speed upgrades link on', async ({
  page,
}) => {
  await page.goto('/services');
  for (const service of SERVICES) {
    await expect(hrefOf(page, `Reserve a Slot for ${service.title}`)).toHaveAttribute(
      'href',
      `/select-services?service=${service.id}`,
    );
    await expect(hrefOf(page, `Pricing for ${service.title}`)).toHaveAttribute('href', `/pricing#${service.id}`);
    await expect(main(page)).toContainText(formatUsd(service.priceCents));
  }
  await expect(hrefOf(page, /^Join the Community/)).toHaveAttribute('href', '/select-services?service=paid-community');
  await expect(hrefOf(page, 'Add 24-Hour Response')).toHaveAttribute('href', '/select-services?addon=speed24hr');
  await expect(hrefOf(page, 'Add 48-Hour Response')).toHaveAttribute('href', '/select-services?addon=speed48hr');
  // Nothing for the free standard tier.
  await expect(main(page).locator('a[href^="/select-services?addon="]')).toHaveCount(2);

  // The icon link lands on the service's row of the price table.
  await hrefOf(page, 'Pricing for Supplemental Essay Help (Small)').click();
  await expect(page).toHaveURL(/\/pricing#supplement-small$/);
  await expect(page.locator('tr#supplement-small')).toBeInViewport();
});

test('pricing: rows are anchors by service id with the set prices and a full editor’s prices; the button reserves a spot', async ({
  page,
}) => {
  await page.goto('/pricing');
  // The prices, written out: the page must agree with them, not only with our own table.
  const expected = {
    'common-app-essay': ['$300', '$450'],
    'supplement-large': ['$100', '$150'],
    'supplement-small': ['$75', '$112.50'],
    'activity-list': ['$100', '$150'],
    'paid-community': ['$50', 'No surcharge'],
  };
  for (const [id, [price, fullEditorPrice]] of Object.entries(expected)) {
    const cells = page.locator(`tr#${id}`).locator('td');
    await expect(cells).toHaveText([price, fullEditorPrice]);
  }
  const speed = main(page);
  await expect(speed).toContainText('+$450');
  await expect(speed).toContainText('+$250');
  await expect(hrefOf(page, 'Reserve Your Spot')).toHaveAttribute('href', '/editors');
});

test('pricing: FAQPage structured data matches the accordion', async ({ page }) => {
  await page.goto('/pricing');
  const data = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent())!);
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity.map((q: { name: string }) => q.name)).toEqual(FAQ.map((item) => item.question));
  await expect(page.locator('details[name="faq"] summary')).toHaveText(FAQ.map((item) => item.question));
  expect(data.mainEntity[0].acceptedAnswer.text).toBe(FAQ[0].answer);
});

test('pricing: the FAQ keeps one answer open, closes an open one when clicked again, and works by keyboard', async ({
  page,
}) => {
  await page.goto('/pricing');
  const items = page.locator('details[name="faq"]');
  const summary = (i: number) => items.nth(i).locator('summary');
  const onlyOpen = (i: number | null) =>
    expect
      .poll(() => items.evaluateAll((els) => els.map((e) => (e as HTMLDetailsElement).open)))
      .toEqual(FAQ.map((_, j) => j === i));
  await expect(items).toHaveCount(FAQ.length);
  await onlyOpen(null);

  await summary(0).click();
  await onlyOpen(0);
  await expect(items.nth(0).getByText(FAQ[0].answer)).toBeVisible();
  await summary(3).click();
  await onlyOpen(3);
  await expect(items.nth(0).getByText(FAQ[0].answer)).toBeHidden();
  await summary(3).click();
  await onlyOpen(null);

  await summary(1).focus();
  await page.keyboard.press('Enter');
  await onlyOpen(1);
  await page.keyboard.press('Tab');
  await expect(summary(2)).toBeFocused();
  await page.keyboard.press('Space');
  await onlyOpen(2);
  await page.keyboard.press('Space');
  await onlyOpen(null);
});

test('the active-slots rule and the cancellation policy are stated once on pricing, and the terms agree', async ({
  page,
}) => {
  await page.goto('/pricing');
  const text = (await main(page).textContent())!;
  const count = (needle: string) => text.split(needle).length - 1;
  expect(count('occupies one of that editor')).toBe(1);
  expect(count('Activity list projects do not count')).toBe(1);
  expect(count(CANCELLATION_POLICY)).toBe(1);
  expect(CANCELLATION_POLICY).toMatch(/within 48 hours of booking.*full.*25%/);
  await page.goto('/terms-of-service');
  await expect(main(page)).toContainText(CANCELLATION_POLICY);
});

test('community: $50 one-time lifetime, never per semester; both calls to action reserve the community', async ({
  page,
}) => {
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Join the ${site.name} Community`);
  await expect(hrefOf(page, 'Join Community Now')).toHaveAttribute('href', '/select-services?service=paid-community');
  await expect(hrefOf(page, /^Join for \$50/)).toHaveAttribute('href', '/select-services?service=paid-community');
  await expect(main(page)).toContainText('$50');
  await expect(main(page)).toContainText(/lifetime/i);
  await expect(page.locator('body')).not.toContainText(/semester/i);
  for (const benefit of [
    'Unlimited Quick Questions',
    'Weekly Ask a Grad Sessions',
    'Fast Response Times',
    'Peer Support Network',
  ]) {
    await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
  }
  await expect(main(page)).toContainText('250 characters');
  await expect(main(page)).toContainText('Discord');
});

test('about: story, three values and the timeline', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Story');
  const values = page.getByRole('region', { name: 'Three Things We Never Compromise On' }).getByRole('listitem');
  await expect(values).toHaveCount(3);
  const timeline = page.getByRole('region', { name: 'How We Got Here' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('May 2025');
  await expect(timeline.nth(0)).toContainText('idea');
  await expect(timeline.nth(1)).toContainText('May to July 2025');
  await expect(timeline.nth(1)).toContainText('business model');
  await expect(timeline.nth(2)).toContainText('August 2025');
  await expect(timeline.nth(2)).toContainText('Launch');
  await expect(hrefOf(page, 'Schedule a Free Consultation')).toHaveAttribute('href', '/contact#book-consult');
});

test('legal pages: effective January 1, 2025, with their required sections and a working table of contents', async ({
  page,
}) => {
  const legal = {
    '/privacy-policy': [
      'Information We Collect',
      'How We Use Your Information',
      'How We Share Information',
      'How We Protect Your Information',
      'Contact Us',
    ],
    '/terms-of-service': [
      'Acceptance of These Terms',
      'Our Services',
      'Payment',
      'Cancellations and Refunds',
      'Your Responsibilities',
      'Intellectual Property',
      'Limitation of Liability',
      'Contact Us',
    ],
  };
  for (const [path, headings] of Object.entries(legal)) {
    await page.goto(path);
    await expect(main(page)).toContainText('Effective January 1, 2025');
    for (const heading of headings)
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Contact Us', exact: true })).toBeInViewport();
  }
  await page.goto('/privacy-policy');
  await expect(main(page)).toContainText('We do not sell or rent your personal information');
  for (const collected of [
    'Contact information',
    'Essays and application materials',
    'Payment information',
    'Communications',
  ]) {
    await expect(main(page)).toContainText(collected);
  }
  await page.goto('/terms-of-service');
  await expect(main(page)).toContainText('US dollars');
  await expect(main(page)).toContainText('Payment is required in full before a service begins');
  await expect(main(page)).toContainText('Discord');
});

for (const width of [390, 1280]) {
  for (const { path } of PAGES) {
    test(`${path} passes axe and fits the screen at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const editors = page.locator('article[data-editor]');
      if (['/', '/about', '/editors'].includes(path)) {
        // Bring the editors island into view and check the page with its cards rendered.
        await page.getByRole('link', { name: 'See All Editors' }).or(editors.first()).first().scrollIntoViewIfNeeded();
        await expectLoaded(editors.first()).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'scrolls sideways').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }
}
